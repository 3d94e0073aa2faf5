// Where a stored link or picture may point (docs/decisions/0047): a path on this site, or (where a field
// allows it) an http(s) address. Decided by parsing, as a browser does, never by a pattern: "/\evil.example"
// looks like a path but a browser reads the backslash as a slash and leaves the site ("//evil.example").
// The back office's fields, the contract's schemas and the storefront's links all ask these functions.

/**
 * The WHATWG URL parser every runtime of this contract has (Node, browsers); declared here because the
 * contract compiles with neither the DOM nor Node's types.
 */
export interface ParsedUrl {
  origin: string;
  username: string;
  password: string;
  protocol: string;
  hostname: string;
  pathname: string;
  search: string;
  hash: string;
  href: string;
}
declare const URL: new (input: string, base?: string) => ParsedUrl;

/** The value parsed as a browser would (against `base` when given), or null when it is no URL. */
export function parseUrl(value: string, base?: string): ParsedUrl | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/** A made-up origin a value is resolved against; a same-site path keeps it. */
const PLACEHOLDER_ORIGIN = "http://site.invalid";

/** Whitespace or control characters anywhere: a browser would drop or mangle them. */
function hasBlankOrControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f) return true;
  }
  return /\s/.test(value);
}

/**
 * The value as a normalised path on this site (path, query and hash), or null when it is not one:
 * it must start with "/" and, resolved against the site, stay on the site.
 */
export function sameSitePath(value: string): string | null {
  if (!value.startsWith("/") || hasBlankOrControl(value)) return null;
  const url = parseUrl(value, PLACEHOLDER_ORIGIN);
  if (url?.origin !== PLACEHOLDER_ORIGIN) return null;
  return url.pathname + url.search + url.hash;
}

/** The value as a normalised absolute http(s) address, or null. */
export function webAddress(value: string): string | null {
  if (!/^https?:\/\//i.test(value) || hasBlankOrControl(value)) return null;
  const url = parseUrl(value);
  return url && (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? url.href : null;
}

/** A same-site path, else (when `web` allows one) an http(s) address, normalised; null otherwise. */
export function linkTarget(value: string, { web }: { web: boolean }): string | null {
  return sameSitePath(value) ?? (web ? webAddress(value) : null);
}

/** What a form says when a link must be a path on this site. */
export const SITE_PATH_MESSAGE = "链接必须是本站路径，如 /case";
/** What a form says when a link may be a path on this site or an http(s) address. */
export const SITE_OR_WEB_LINK_MESSAGE = "链接须是以 / 开头的站内地址或 http(s):// 地址";
