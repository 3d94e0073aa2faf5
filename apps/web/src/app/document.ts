// The HTML around the server-rendered app; the browser entry reads the state it carries.
import type { DehydratedState } from "@tanstack/react-query";
import type { ClientState } from "../lib/store";
import type { DocumentAssets } from "../render-seam";

export interface BootState {
  queries: DehydratedState;
  client: ClientState;
}

export const BOOT_STATE_ID = "__YJ_BOOT__";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** JSON inside <script>: nothing in the data can close the tag. */
export const safeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

export function documentHead(opts: {
  title: string;
  description: string;
  assets: DocumentAssets;
  styleNonce: string;
}): string {
  const { title, description, assets, styleNonce } = opts;
  return [
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    '<meta name="theme-color" content="#c8102e">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<style nonce="${styleNonce}">${assets.css.replace(/<\/style/gi, "<\\/style")}</style>`,
    ...assets.preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
    '</head><body><div id="root">',
  ].join("");
}

export function documentTail(opts: { boot: BootState; nonce: string; assets: DocumentAssets }): string {
  return [
    "</div>",
    `<script id="${BOOT_STATE_ID}" type="application/json" nonce="${opts.nonce}">${safeJson(opts.boot)}</script>`,
    ...opts.assets.scripts.map((src) => `<script type="module" src="${src}" nonce="${opts.nonce}"></script>`),
    "</body></html>",
  ].join("");
}
