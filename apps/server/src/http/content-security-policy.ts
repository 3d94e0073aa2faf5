// One Content-Security-Policy. Every response gets it as a static header (cheap: computed once);
// server-rendered pages get it with fresh nonces for their inline boot script and stylesheet.
import { randomBytes } from "node:crypto";

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
  return Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => {
      const extra =
        nonces && name === "script-src"
          ? [`'nonce-${nonces.script}'`]
          : nonces && name === "style-src"
            ? [`'nonce-${nonces.style}'`]
            : [];
      return `${name} ${[...values, ...extra].join(" ")}`;
    })
    .join("; ");
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
