// @vitest-environment node
import { Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderWhole } from "./render-whole";

function Fails(): never {
  throw new Error("screen exploded");
}
function Waits(): never {
  throw new Promise(() => {});
}

/** What the streaming render writes once everything is ready (the path renderWhole falls back to). */
function streamed(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: string[] = [];
    const stream = renderToPipeableStream(element, {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        stream.pipe({
          write: (chunk: Uint8Array) => chunks.push(Buffer.from(chunk).toString()),
          end: () => resolve(chunks.join("")),
          on: () => {},
          once: () => {},
          emit: () => {},
          removeListener: () => {},
        } as never);
      },
      onShellError: reject,
    });
  });
}

describe("the server render's quick pass", () => {
  it("draws a page whose data is all there as the streaming render does, boundaries included", async () => {
    const page = (
      <main>
        <Suspense fallback={null}>
          <h1>悦家整装</h1>
        </Suspense>
        <p>
          {"整装"}
          {3}
        </p>
      </main>
    );
    expect(renderWhole(page)).toBe(await streamed(page));
  });

  it("leaves a page with a failing or waiting part to the streaming render", () => {
    expect(
      renderWhole(
        <Suspense fallback={null}>
          <Fails />
        </Suspense>,
      ),
    ).toBeUndefined();
    expect(
      renderWhole(
        <Suspense fallback={<p>加载中</p>}>
          <Waits />
        </Suspense>,
      ),
    ).toBeUndefined();
    expect(renderWhole(<Fails />)).toBeUndefined();
    expect(renderWhole(<Waits />)).toBeUndefined();
  });
});
