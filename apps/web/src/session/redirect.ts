// Where a visitor goes after logging in: the `redirect` query parameter, when it is a path on this site.
// Anything else (absolute URLs, protocol-relative "//host", "/\host" which browsers read as "//host",
// control characters, /login itself) falls back to the home page, so the login page cannot be used to
// send a visitor elsewhere (open redirect).

export const LOGIN_PATH = "/login";
const MAX_REDIRECT_LENGTH = 2048;
const PROBE_ORIGIN = "http://same-site.invalid";

function hasControlOrBackslash(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return true;
  }
  return false;
}

/** The same-site path (with search and hash) to go to, or `fallback`. */
export function safeRedirect(raw: string | null | undefined, fallback = "/"): string {
  if (!raw || raw.length > MAX_REDIRECT_LENGTH) return fallback;
  if (!raw.startsWith("/") || raw.startsWith("//") || hasControlOrBackslash(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === LOGIN_PATH) return fallback;
  return url.pathname + url.search + url.hash;
}

/** /login?redirect=<path>: the login page, coming back to `current` (path and search) afterwards. */
export function loginPath(current: string): string {
  // Already on the login page: keep its own redirect rather than pointing it at itself.
  if (current === LOGIN_PATH || current.startsWith(`${LOGIN_PATH}?`)) return current;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(current)}`;
}
