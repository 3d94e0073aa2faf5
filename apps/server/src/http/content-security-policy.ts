// One Content-Security-Policy. Every response gets it as a static header (cheap: computed once);
// server-rendered pages get it with fresh nonces for their inline boot script and stylesheet.
import { createHash, randomBytes } from "node:crypto";

export const CSP_DIRECTIVES = {
  "default-src": ["'self'"],
  "base-uri": ["'self'"],
  "object-src": ["'none'"],
  "frame-ancestors": ["'self'"],
  "form-action": ["'self'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  "style-src": ["'self'"],
  // React style={} attributes (carousel offset, widths); <style> elements need the nonce.
  "style-src-attr": ["'unsafe-inline'"],
  // blob: the panorama viewer (/iframe) decodes its image from a blob URL.
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "frame-src": ["'self'"],
  // No upgrade-insecure-requests: TLS is the proxy's job, and forcing https would break
  // `npm start` reached over plain http on a LAN.
} as const;

export function cspHeader(nonces?: { script: string; style: string }): string {
  return nonces ? policyWith([`'nonce-${nonces.script}'`], [`'nonce-${nonces.style}'`]) : policyWith([], []);
}

/**
 * The policy of a page shared by many visitors (docs/decisions/0058): a nonce sent to everyone is no
 * secret, so its inline scripts and styles are allowed by their hashes instead, as strict as a nonce.
 */
export function cspHeaderWithHashes(hashes: InlineHashes): string {
  return policyWith(hashes.scripts, hashes.styles);
}

function policyWith(scriptSources: string[], styleSources: string[]): string {
  return Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => {
      const extra = name === "script-src" ? scriptSources : name === "style-src" ? styleSources : [];
      return `${name} ${[...values, ...extra].join(" ")}`;
    })
    .join("; ");
}

export interface InlineHashes {
  /** 'sha256-…' sources, each once. */
  scripts: string[];
  styles: string[];
}

/** Types of <script> the browser runs; any other (JSON, JSON-LD) is data, which the policy ignores. */
const SCRIPT_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

/**
 * The hashes of the inline <script> and <style> elements of a rendered page. Their text ends at the
 * first `</script` / `</style` (the HTML parser's rule too: the renderer escapes those in the data it
 * writes), and the hash is of that exact text, as the browser computes it.
 */
export function inlineHashes(html: string): InlineHashes {
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? "";
    if (SCRIPT_TYPES.has(type)) scripts.add(hash(text));
  }
  for (const [, text = ""] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style/gi)) styles.add(hash(text));
  return { scripts: [...scripts], styles: [...styles] };
}

export const STATIC_CSP = cspHeader();

/**
 * `header` with its `frame-ancestors` directive extended by `origins`: the sites allowed to frame
 * the page (normalised origins from the site setting, contract embed-origins.ts).
 */
export function withFrameAncestors(header: string, origins: readonly string[]): string {
  if (origins.length === 0) return header;
  return header
    .split("; ")
    .map((directive) => (directive.startsWith("frame-ancestors ") ? `${directive} ${origins.join(" ")}` : directive))
    .join("; ");
}

/**
 * Browser features no page of the shop uses, refused for it and for anything it frames. City
 * detection is server-side from the visitor's address (docs/decisions/0022), never the browser's position; the
 * panorama viewer (/iframe) drags and zooms without the device's motion sensors.
 */
export const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "gyroscope=()",
  "accelerometer=()",
  "magnetometer=()",
  "payment=()",
  "usb=()",
].join(", ");

export function newNonces() {
  return { script: randomBytes(16).toString("base64url"), style: randomBytes(16).toString("base64url") };
}
