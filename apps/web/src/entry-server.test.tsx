// @vitest-environment node
// The web app's server entry gives up when the server aborts the request: a loader waiting on an API
// call that never answers must not keep the render (and its memory) alive.
import { describe, expect, it } from "vitest";
import { render } from "./entry-server";

describe("server entry", () => {
  it("rejects promptly once the request is aborted while a loader waits on the API", async () => {
    const controller = new AbortController();
    let calls = 0;
    const rendering = render({
      request: new Request("http://storefront.local/app/product-detail/1", { signal: controller.signal }),
      transport: () => {
        calls++;
        return new Promise(() => {}); // the API never answers
      },
      nonce: "n",
      styleNonce: "s",
      assets: { scripts: [], css: "", preloads: [] },
      onError: () => {},
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBeGreaterThan(0);
    const started = Date.now();
    controller.abort(new Error("render timed out"));
    await expect(rendering).rejects.toThrow("render timed out");
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
