// The seam between the server and the web app's server entry: what the server hands `render` and what
// it gets back. The server imports these types (`@yj/web/render-seam`), so the two sides cannot drift.
// It takes the transport's shapes from @yj/api-client (docs/decisions/0042), whose types need neither
// DOM nor Node beyond fetch's AbortSignal: both sides type-check it.

import type { Transport } from "@yj/api-client";

/** How requests reach the API: fetch in the browser, Fastify inject on the server (in-process). */
export type { Transport, TransportRequest, TransportResponse } from "@yj/api-client";

export interface DocumentAssets {
  scripts: string[];
  /** The stylesheet's text, inlined: no render-blocking request before first paint. */
  css: string;
}

export interface RenderOptions {
  /** The page's request; aborting its signal abandons the render (loaders and React stop waiting). */
  request: Request;
  transport: Transport;
  /**
   * The shop's public origin (https://host), from the server's configuration: canonical links, Open
   * Graph and JSON-LD are absolute on it (docs/decisions/0029).
   */
  origin: string;
  /** CSP nonces for this response's inline script and style. */
  nonce: string;
  styleNonce: string;
  assets: DocumentAssets;
  /** Errors while rendering (the page still answers, with status 500): the server logs them. */
  onError(error: unknown): void;
}

/**
 * The page's bytes (UTF-8 HTML) in three parts, in order. The stylesheet's
 * bytes are the same object on every page of a build, so the server may compress them once and
 * keep that by identity (docs/decisions/0083).
 */
export interface PageParts {
  head: Uint8Array;
  stylesheet: Uint8Array;
  rest: Uint8Array;
}

export type RenderResult =
  | { kind: "redirect"; status: number; location: string }
  | { kind: "html"; status: number; parts: PageParts };

/** The built server entry (apps/web/dist/server/entry-server.js). */
export interface WebServerEntry {
  render(options: RenderOptions): Promise<RenderResult>;
}
