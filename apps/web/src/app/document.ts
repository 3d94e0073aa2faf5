// The HTML around the server-rendered app; the browser entry reads the state it carries.
import type { DehydratedState } from "@tanstack/react-query";
import type { ClientState } from "../lib/store";
import type { DocumentAssets } from "../render-seam";
import type { HeadTags } from "./head-tags";

export interface BootState {
  queries: DehydratedState;
  client: ClientState;
}

export const BOOT_STATE_ID = "__YJ_BOOT__";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const JSON_ESCAPES: Record<string, string> = { "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/** JSON inside <script>: nothing in the data can close the tag. One pass over the text (docs/decisions/0059). */
export const safeJson = (value: unknown) => JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) => JSON_ESCAPES[c]!);

/**
 * The stylesheet's text made safe inside <style>. It is the same text on every page of a build: the
 * last text and its escaped form are kept (docs/decisions/0059).
 */
let escapedCss = { css: "", escaped: "" };
function styleText(css: string): string {
  if (escapedCss.css !== css) escapedCss = { css, escaped: css.replace(/<\/style/gi, "<\\/style") };
  return escapedCss.escaped;
}

const metaTag = (attr: "name" | "property", key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;

/** Description, canonical link and Open Graph tags. */
export function headTagsHtml(head: HeadTags): string {
  return [
    metaTag("name", "description", head.description),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : "",
    metaTag("property", "og:site_name", head.siteName),
    metaTag("property", "og:type", head.ogType),
    metaTag("property", "og:title", head.title),
    metaTag("property", "og:description", head.description),
    head.canonical ? metaTag("property", "og:url", head.canonical) : "",
    metaTag("property", "og:image", head.ogImage),
    metaTag("property", "og:locale", "zh_CN"),
  ].join("");
}

/**
 * The preload of the page's largest picture (docs/decisions/0060), at high priority so it is fetched
 * before the scripts: the same address, srcset, sizes and type its <picture> chooses from, so the
 * browser uses what it preloaded instead of fetching again.
 */
export function imagePreloadHtml(head: HeadTags): string {
  const p = head.preloadImage;
  if (!p) return "";
  const attrs = [
    'rel="preload"',
    'as="image"',
    `href="${escapeHtml(p.href)}"`,
    p.srcSet ? `imagesrcset="${escapeHtml(p.srcSet)}"` : "",
    p.sizes ? `imagesizes="${escapeHtml(p.sizes)}"` : "",
    p.type ? `type="${escapeHtml(p.type)}"` : "",
    'fetchpriority="high"',
  ];
  return `<link ${attrs.filter(Boolean).join(" ")}>`;
}

/**
 * The JSON-LD blocks. JSON-LD is data, not script, but it sits in a <script> element: it is written
 * like the boot state (nothing in it can close the element) and carries the page's nonce like every
 * script element here. Last in the head, after the stylesheet the first paint needs.
 */
export function jsonLdHtml(head: HeadTags, nonce: string): string {
  return head.jsonLd
    .map((block) => `<script type="application/ld+json" nonce="${nonce}">${safeJson(block)}</script>`)
    .join("");
}

interface HeadOptions {
  head: HeadTags;
  assets: DocumentAssets;
  nonce: string;
  styleNonce: string;
}

/**
 * The tab and home-screen icons as PNG, drawn from favicon.svg by scripts/gen-icons.mjs: Chromium
 * decodes an SVG icon as a document of its own on the page's main thread (4–15 ms of every fresh
 * load, measured), and iOS's home screen takes its icon from apple-touch-icon (docs/decisions/0106).
 */
export const SITE_ICONS_HTML =
  '<link rel="icon" href="/favicon.png" sizes="48x48" type="image/png">' +
  '<link rel="apple-touch-icon" href="/apple-touch-icon.png">';

/**
 * The head in three parts: what comes before the stylesheet's text, the text (styleText: the same
 * for every page of a build, so the server encodes it once), and what follows it. Joining 70 KB of
 * stylesheet into every page's string and encoding it again cost more than half a millisecond a
 * page (docs/decisions/0059).
 */
export function documentHeadParts(opts: HeadOptions): [before: string, css: string, after: string] {
  const { head, assets, nonce, styleNonce } = opts;
  return [
    [
      '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeHtml(head.title)}</title>`,
      headTagsHtml(head),
      '<meta name="theme-color" content="#c8102e">',
      SITE_ICONS_HTML,
      imagePreloadHtml(head),
      `<style nonce="${styleNonce}">`,
    ].join(""),
    styleText(assets.css),
    ["</style>", jsonLdHtml(head, nonce), '</head><body><div id="root">'].join(""),
  ];
}

export function documentHead(opts: HeadOptions): string {
  return documentHeadParts(opts).join("");
}

/**
 * The entry modules, added to the page after its first frame (docs/decisions/0087): the page is drawn
 * from the server's HTML before the browser fetches and runs the app, so a phone's first paint never
 * waits for the scripts' evaluation. The frame waited for is the first one after DOMContentLoaded: a
 * busy browser can draw a frame between this script and the end of the parse, and the scripts would
 * then be fetched before the parse ends. requestAnimationFrame runs just before the frame is drawn,
 * the timeout just after it. A hidden tab draws no frames, so there the scripts load at once; a
 * second's timeout is the backstop should frames not come. The text is the same on every page of a
 * build, so a cached page's policy allows it by its hash.
 */
export function entryLoaderScript(scripts: readonly string[]): string {
  const add = scripts
    .map(
      (src) =>
        `s=document.createElement("script");s.type="module";s.src=${safeJson(src)};document.body.appendChild(s);`,
    )
    .join("");
  return [
    "(function(){var done;function load(){var s;if(done)return;done=1;",
    add,
    "}function frame(){requestAnimationFrame(function(){setTimeout(load)})}",
    'if(document.hidden)load();else{if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",frame);else frame();setTimeout(load,1000)}})()',
  ].join("");
}

export function documentTail(opts: { boot: BootState; nonce: string; assets: DocumentAssets }): string {
  return [
    "</div>",
    `<script id="${BOOT_STATE_ID}" type="application/json" nonce="${opts.nonce}">${safeJson(opts.boot)}</script>`,
    `<script nonce="${opts.nonce}">${entryLoaderScript(opts.assets.scripts)}</script>`,
    "</body></html>",
  ].join("");
}
