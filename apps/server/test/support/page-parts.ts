// A stub server entry's page: the whole HTML as its head, no stylesheet of its own.
import type { RenderResult } from "@yj/web/render-seam";

export function htmlResult(status: number, html: string): RenderResult {
  return {
    kind: "html",
    status,
    parts: { head: Buffer.from(html), stylesheet: Buffer.alloc(0), rest: Buffer.alloc(0) },
  };
}
