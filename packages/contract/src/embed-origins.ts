// The sites allowed to show the panorama page (/iframe) in a frame: a site setting the back office
// edits, written into that page's Content-Security-Policy `frame-ancestors` (docs/decisions/0050).
import { z } from "zod";
import { parseUrl } from "./site-links.js";
import { text } from "./text.js";

/** Most origins one shop lists. */
export const EMBED_ORIGINS_MAX = 20;
/** The one page other sites may frame. */
export const EMBEDDABLE_PATH = "/iframe";

/**
 * A site's origin, normalised (`https://www.example.com`, with a port when not the default), or null
 * when `value` is anything else: another scheme, a path, query or fragment, a user name, a wildcard,
 * spaces. Only what URL parsing accepts gets into the header, so no value can add a directive.
 */
export function embedOriginOf(value: string): string | null {
  const text = value.trim();
  if (!/^https?:\/\/[^\s/?#*;,'"]+\/?$/i.test(text)) return null;
  const url = parseUrl(text);
  if (!url || url.username || url.password || url.pathname !== "/" || url.search || url.hash) return null;
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  return url.origin;
}

const EmbedOrigin = text("允许嵌入的网站").transform((value, ctx) => {
  const origin = embedOriginOf(value);
  if (origin) return origin;
  ctx.addIssue({
    code: "custom",
    message: `“${value.slice(0, 80)}”不是有效的网站地址，请填写如 https://www.example.com 的地址（不含路径）`,
  });
  return z.NEVER;
});

/** The setting as saved: each origin normalised, each once. */
export const EmbedOrigins = z
  .array(EmbedOrigin)
  .max(EMBED_ORIGINS_MAX, `允许嵌入的网站最多 ${EMBED_ORIGINS_MAX} 个`)
  .transform((origins) => [...new Set(origins)]);
