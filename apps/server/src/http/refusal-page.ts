// A refusal a browser shows (docs/decisions/0048): a page asked for by a browser that is over its
// read limit (429) or arrives while the server sheds load (503) gets a small Chinese page with
// Retry-After, not the API's JSON envelope and never the 500 error page. API calls keep the envelope.
import type { FastifyReply, FastifyRequest } from "fastify";
import { isApiUrl } from "./api-url.js";

const TITLES: Record<429 | 503, string> = {
  429: "访问过于频繁",
  503: "当前访问人数较多",
};

/** The storefront's page route (ssr/plugin.ts): every path that is not the API or a file. */
const PAGE_ROUTE = "/*";

/**
 * A page request: GET or HEAD outside /api, on the storefront's page route (whoever asks: a
 * crawler often accepts anything) or from a browser navigating (it accepts text/html).
 */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (isApiUrl(request.url)) return false;
  return request.routeOptions.url === PAGE_ROUTE || request.headers.accept?.includes("text/html") === true;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function refusalPage(status: 429 | 503, message: string): string {
  const title = TITLES[status];
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family:sans-serif;text-align:center;padding:80px 16px;color:#333"><main><h1 style="font-size:22px">${title}</h1><p>${escapeHtml(message)}</p><p><a href="/" style="color:#c8161d">返回首页</a></p></main></body></html>`;
}

/** Answers the refusal page; Retry-After is the caller's to set. */
export function sendRefusalPage(reply: FastifyReply, status: 429 | 503, message: string) {
  return reply
    .status(status)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(refusalPage(status, message));
}
