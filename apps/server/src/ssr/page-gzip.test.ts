import { constants, deflateRawSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipPage } from "./page-gzip.js";

const stylesheet = Buffer.from(`body{color:#333}.价格{color:#c8161d}${".card{margin:0 auto;padding:8px}".repeat(500)}`);

describe("a page's gzip made of segments", () => {
  it("unpacks to the page's bytes, the shared stylesheet between the page's own parts", () => {
    const head = Buffer.from('<!doctype html><html lang="zh-CN"><head><style>');
    const rest = Buffer.from(`</style></head><body>${"<p>悦家整装 ✓</p>".repeat(2000)}</body></html>`);
    const gz = gzipPage([head, stylesheet, rest], new Set([stylesheet]));
    expect(gunzipSync(gz).equals(Buffer.concat([head, stylesheet, rest]))).toBe(true);
    expect(gz.length).toBeLessThan((head.length + stylesheet.length + rest.length) / 5);
  });

  it("reuses the stylesheet's segment for every page, whatever surrounds it", () => {
    const pages = ["首页", "分类", "商品"].map((name) => [
      Buffer.from(`<title>${name}</title><style>`),
      stylesheet,
      Buffer.from(`</style><h1>${name.repeat(300)}</h1>`),
    ]);
    const zipped = pages.map((parts) => gzipPage(parts, new Set([stylesheet])));
    zipped.forEach((gz, i) => {
      expect(gunzipSync(gz).toString()).toBe(Buffer.concat(pages[i] ?? []).toString());
    });
    // The stylesheet's segment, compressed alone (as the page keeps it), stands whole in each page.
    const segment = deflateRawSync(stylesheet, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
    expect(zipped.every((gz) => gz.includes(segment))).toBe(true);
  });

  it("takes empty parts and a page without a shared part", () => {
    const empty = Buffer.alloc(0);
    expect(gunzipSync(gzipPage([empty, empty, empty], new Set([empty]))).length).toBe(0);
    const only = Buffer.from("<p>只有正文</p>");
    expect(gunzipSync(gzipPage([only, empty], new Set())).toString()).toBe("<p>只有正文</p>");
  });
});
