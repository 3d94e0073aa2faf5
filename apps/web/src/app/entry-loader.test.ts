import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { documentTail, entryLoaderScript } from "./document";

/**
 * Runs the loader against a document that records what is appended and when frames come. The
 * document is still being parsed unless `readyState` says otherwise, as it is when the loader runs
 * at the end of the body.
 */
function runLoader(scripts: string[], hidden: boolean, readyState = "loading") {
  const appended: { type: string; src: string }[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const parsed: (() => void)[] = [];
  const document = {
    hidden,
    readyState,
    addEventListener: (type: string, listener: () => void) => {
      if (type === "DOMContentLoaded") parsed.push(listener);
    },
    createElement: () => ({ type: "", src: "" }),
    body: { appendChild: (el: { type: string; src: string }) => appended.push({ ...el }) },
  };
  runInNewContext(entryLoaderScript(scripts), {
    document,
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (run: () => void, ms = 0) => timers.push({ run, ms }),
  });
  return { appended, frames, timers, parsed };
}

describe("the entry loader (docs/decisions/0087)", () => {
  it("adds the entry modules only after the first frame once the page is parsed", () => {
    const { appended, frames, timers, parsed } = runLoader(["/assets/entry-client-abc.js"], false);
    // No frame is asked for while the parse goes on: one drawn before its end would fetch the
    // scripts during it.
    expect(frames).toEqual([]);
    expect(parsed).toHaveLength(1);
    parsed[0]?.();
    expect(appended).toEqual([]);
    frames.shift()?.();
    expect(appended).toEqual([]);
    timers.find((t) => t.ms === 0)?.run();
    expect(appended).toEqual([{ type: "module", src: "/assets/entry-client-abc.js" }]);
    // The backstop, when it comes, adds nothing a second time.
    timers.find((t) => t.ms === 1000)?.run();
    expect(appended).toHaveLength(1);
  });

  it("waits only for the frame when the page is already parsed", () => {
    const { appended, frames, timers, parsed } = runLoader(["/assets/entry-client-abc.js"], false, "interactive");
    expect(parsed).toEqual([]);
    frames.shift()?.();
    timers.find((t) => t.ms === 0)?.run();
    expect(appended.map((el) => el.src)).toEqual(["/assets/entry-client-abc.js"]);
  });

  it("loads after a second should no frame come", () => {
    const { appended, timers } = runLoader(["/assets/entry-client-abc.js"], false);
    timers.find((t) => t.ms === 1000)?.run();
    expect(appended.map((el) => el.src)).toEqual(["/assets/entry-client-abc.js"]);
  });

  it("loads at once in a hidden tab, which draws no frames", () => {
    const { appended, frames, parsed } = runLoader(["/assets/a.js", "/assets/b.js"], true);
    expect(frames).toEqual([]);
    expect(parsed).toEqual([]);
    expect(appended.map((el) => el.src)).toEqual(["/assets/a.js", "/assets/b.js"]);
  });

  it("cannot be closed early by an address, and carries the page's nonce", () => {
    const tail = documentTail({
      boot: {
        queries: { mutations: [], queries: [] },
        client: { cityName: "上海", province: "上海", cityChosen: false, loggedIn: false, phoneNum: null, cartNum: 0 },
      },
      nonce: "n0nce",
      assets: { scripts: ["/assets/</script>.js"], css: "" },
    });
    expect(tail).toContain('<script nonce="n0nce">(function(){');
    expect(tail.match(/<\/script>/g)).toHaveLength(2);
    expect(tail).not.toContain('<script type="module"');
  });
});
