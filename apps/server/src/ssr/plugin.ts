// Serves the storefront: built assets from apps/web/dist/client, and every other non-API GET
// rendered by the web app's server entry, which reaches the API in-process: the public reads through
// the same parser, schema, handler and serializer as their routes (docs/decisions/0083), everything
// else through the routes themselves (Fastify inject), with the same validation and auth as the browser.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { Messages, untilAborted } from "@yj/contract";
import type { DocumentAssets, WebServerEntry } from "@yj/web/render-seam";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isApiUrl } from "../http/api-url.js";
import { cspHeader, cspHeaderWithHashes, inlineHashes, newNonces } from "../http/content-security-policy.js";
import type { PublicReads } from "../http/public-reads.js";
import { sendRefusalPage } from "../http/refusal-page.js";
import { serverFile } from "../lib/paths.js";
import { renderCallHeaders } from "../limits/render-calls.js";
import {
  acceptsGzip,
  type CachedPage,
  encodedBody,
  type PageCache,
  pageCacheKey,
  type RenderTurn,
} from "./page-cache.js";
import { gzipPage } from "./page-gzip.js";

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
}

function webDist(): string | null {
  try {
    return serverFile("../web/dist");
  } catch {
    return null;
  }
}

/**
 * Reads the Vite manifest once: the entry's script and the stylesheet. No chunk is preloaded: the
 * page's largest picture has the link to itself first (docs/decisions/0084).
 */
function loadManifest(clientDir: string): DocumentAssets {
  const manifest = JSON.parse(readFileSync(join(clientDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.values(manifest).find((c) => c.isEntry);
  if (!entry) throw new Error("web build has no entry chunk");
  // cssCodeSplit is off: one stylesheet, under "style.css" in the manifest.
  const styles = [...(entry.css ?? []), ...(manifest["style.css"] ? [manifest["style.css"].file] : [])];
  const css = styles.map((f) => readFileSync(join(clientDir, f), "utf8")).join("\n");
  return { scripts: [`/${entry.file}`], css };
}

export async function storefrontPlugin(
  app: FastifyInstance,
  { publicOrigin, pageCache }: { publicOrigin: string; pageCache?: PageCache },
) {
  const dist = webDist();
  if (!dist || !existsSync(join(dist, "server/entry-server.js"))) {
    app.log.warn("web build not found (apps/web/dist): run `npm run build`; only the API is served");
    return;
  }
  const clientDir = join(dist, "client");
  const assets = loadManifest(clientDir);
  const web: WebServerEntry = await import(pathToFileURL(join(dist, "server/entry-server.js")).href);

  // Hashed file names: cache for a year.
  await app.register(fastifyStatic, {
    root: join(clientDir, "assets"),
    prefix: "/assets/",
    immutable: true,
    maxAge: "365d",
    index: false,
  });
  await app.register(fastifyStatic, {
    root: join(dist, "../public"),
    prefix: "/",
    decorateReply: false,
    index: false,
    wildcard: false,
    maxAge: "1d",
  });

  const renderPage = pageRenderer(app, web, {
    assets,
    origin: publicOrigin,
    pageCache,
    publicReads: app.publicReads,
  });

  // Static API routes win over this wildcard; an unknown /api path still answers the JSON envelope.
  app.get("/*", { schema: { hide: true } }, (request, reply) =>
    isApiUrl(request.url) ? reply.callNotFound() : renderPage(request, reply),
  );
}

/** A page that takes longer than this is abandoned and answered with the error page. */
export const RENDER_TIMEOUT_MS = 10_000;

/**
 * The request's URL for the renderer: its path on a fixed origin. The Host header is the client's to
 * choose (a junk one must not fail the page) and a path like "//host/x" must stay a path.
 */
const RENDER_ORIGIN = "http://storefront.local";

const ERROR_PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>页面暂时无法打开</title></head><body style="font-family:sans-serif;text-align:center;padding:80px 16px;color:#333"><h1 style="font-size:22px">页面暂时无法打开</h1><p>网络错误，请稍后重试</p><p><a href="/" style="color:#c8161d">返回首页</a></p></body></html>`;

/** What every page gets: the built assets and the public origin (ADR 0029). */
export interface PageSetup {
  assets: DocumentAssets;
  /** Absolute URLs in the head (canonical, Open Graph, JSON-LD) use it; the Host header never does. */
  origin: string;
  /** Anonymous pages kept rendered (docs/decisions/0058); absent: every page is rendered for its visitor. */
  pageCache?: PageCache;
  /** The API's public reads, answered without inject (docs/decisions/0083); absent: every call is injected. */
  publicReads?: PublicReads;
}

/** Renders storefront pages with the web app's server entry, reaching the API in-process. */
export function pageRenderer(
  app: FastifyInstance,
  web: WebServerEntry,
  { assets, origin, pageCache, publicReads }: PageSetup,
  timeoutMs = RENDER_TIMEOUT_MS,
) {
  // An anonymous visitor's page is shared (docs/decisions/0058): served from the cache when kept,
  // else rendered once for everyone asking meanwhile, and kept when it may be.
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = pageCache?.enabled ? pageCacheKey(request.method, request.url, request.headers.cookie) : null;
    if (!key || !pageCache) return render(request, reply);
    const found = pageCache.lookup(key);
    if ("page" in found) return sendCachedPage(request, reply, found.page, "hit");
    if ("render" in found) {
      try {
        return await render(request, reply, found.render);
      } finally {
        found.render.abandon();
      }
    }
    const page = await found.wait;
    return page ? sendCachedPage(request, reply, page, "hit") : render(request, reply, "shared");
  };

  /**
   * Renders the page. Shared (a turn, or "shared" when another render of it was not kept): its
   * inline script and style are allowed by hashes, not nonces, and the page is offered to the cache.
   */
  async function render(request: FastifyRequest, reply: FastifyReply, shared?: RenderTurn | "shared") {
    const headers = new Headers();
    if (request.headers.cookie) headers.set("cookie", request.headers.cookie);
    // A shared page carries no nonce: one sent to many visitors would be no secret.
    const nonces = shared ? { script: "", style: "" } : newNonces();
    // Cookies the API sets while rendering (e.g. clearing a dead session) reach the browser too.
    const setCookies: string[] = [];
    // An API call refused for load or a limit (503, 429) fails the render: the page answers that
    // refusal, with its Retry-After, rather than the 500 error page (docs/decisions/0048).
    let refused: Refusal | undefined;
    const deadline = AbortSignal.timeout(timeoutMs);
    let result: Awaited<ReturnType<WebServerEntry["render"]>>;
    try {
      result = await web.render({
        request: new Request(RENDER_ORIGIN + request.url, { headers, signal: deadline }),
        origin,
        nonce: nonces.script,
        styleNonce: nonces.style,
        assets,
        onError: (error) => request.log.error({ err: error }, "server render error"),
        transport: async ({ method, url, body }) => {
          const read = method === "GET" && publicReads ? await publicRead(publicReads, url, deadline) : undefined;
          if (read) return read;
          const res = await untilAborted(
            app.inject({
              method,
              url,
              // The visitor's address, so the API's per-IP limits count the visitor, not the server.
              remoteAddress: request.ip,
              payload: method === "POST" ? (body as object) : undefined,
              headers: {
                cookie: request.headers.cookie ?? "",
                "x-forwarded-for": request.ip,
                accept: "application/json",
                // Part of this page view, already counted and admitted (ADR 0048).
                ...renderCallHeaders(),
              },
            }),
            deadline,
          );
          const cookies = res.headers["set-cookie"];
          if (cookies) setCookies.push(...(Array.isArray(cookies) ? cookies : [String(cookies)]));
          const retryAfter = res.headers["retry-after"];
          if (res.statusCode === 429 || res.statusCode === 503) {
            const status = res.statusCode;
            const message = messageOf(() => res.json(), status === 429 ? Messages.rateLimited : Messages.overloaded);
            refused = { status, retryAfter: String(retryAfter ?? "5"), message };
          }
          return {
            status: res.statusCode,
            retryAfter: typeof retryAfter === "string" ? retryAfter : null,
            json: async () => res.json(),
          };
        },
      });
    } catch (error) {
      if (refused) return sendRefusal(reply, refused);
      const timedOut = deadline.aborted;
      request.log.error({ err: error, timedOut }, timedOut ? "server render timed out" : "server render failed");
      if (timedOut) reply.header("retry-after", "5");
      return reply
        .status(timedOut ? 503 : 500)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(ERROR_PAGE);
    }
    if (!shared) reply.header("content-security-policy", cspHeader(nonces));
    if (setCookies.length) reply.header("set-cookie", setCookies);
    if (result.kind === "redirect") return reply.redirect(result.location, result.status);
    if (refused && result.status >= 500) return sendRefusal(reply, refused);
    const { head, stylesheet, rest } = result.parts;
    if (shared) {
      const html = Buffer.concat([head, stylesheet, rest]).toString("utf8");
      const csp = cspHeaderWithHashes(inlineHashes(html));
      const page =
        shared === "shared"
          ? null
          : shared.offer({ status: result.status, html, csp, setsCookies: setCookies.length > 0 });
      if (page) return sendCachedPage(request, reply, page, "miss");
      return reply
        .status(result.status)
        .header("content-security-policy", csp)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(html);
    }
    reply.status(result.status).header("cache-control", "no-store").type("text/html; charset=utf-8");
    // What a browser asks for: gzip around the stylesheet compressed once (docs/decisions/0083). A
    // client that takes only brotli, or nothing, is answered by the compression hook as before.
    if (!acceptsGzip(request.headers["accept-encoding"])) return reply.send(Buffer.concat([head, stylesheet, rest]));
    return reply
      .header("content-encoding", "gzip")
      .header("vary", "Accept-Encoding")
      .send(gzipPage([head, stylesheet, rest], new Set([stylesheet])));
  }
}

/**
 * A shared page, compressed as the client accepts. `no-cache`: a browser or proxy may keep it but asks
 * again each time (the ETag makes that a 304), so a back-office change is seen at once; it varies by
 * Cookie, which holds the city and the session (docs/decisions/0058).
 */
function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, outcome: "hit" | "miss") {
  reply
    .header("x-page-cache", outcome)
    .header("content-security-policy", page.csp)
    .header("cache-control", "no-cache")
    .header("vary", "Accept-Encoding, Cookie")
    .header("etag", page.etag);
  if (request.headers["if-none-match"]?.split(/\s*,\s*/).includes(page.etag)) return reply.status(304).send();
  const { encoding, body } = encodedBody(page, request.headers["accept-encoding"]);
  if (encoding) reply.header("content-encoding", encoding);
  return reply.status(page.status).type(page.contentType).send(body);
}

/**
 * A public read's answer made in-process, without inject (docs/decisions/0083); undefined when the
 * route itself must answer: not a public read, a refused query, or a handler's error (the route
 * answers those with their envelope and status, and logs what it must).
 */
async function publicRead(reads: PublicReads, url: string, deadline: AbortSignal) {
  const answering = reads.answer(url);
  if (!answering) return undefined;
  let json: string | Buffer | undefined;
  try {
    json = await untilAborted(answering, deadline);
  } catch (error) {
    if (deadline.aborted) throw error;
    return undefined;
  }
  if (json === undefined) return undefined;
  const text = typeof json === "string" ? json : json.toString("utf8");
  return { status: 200, retryAfter: null, json: async () => JSON.parse(text) as unknown };
}

interface Refusal {
  status: 429 | 503;
  retryAfter: string;
  message: string;
}

/** The envelope's Chinese message, or `fallback` when the answer is not an envelope. */
function messageOf(json: () => unknown, fallback: string): string {
  try {
    const { message } = json() as { message?: unknown };
    if (typeof message === "string" && message) return message;
  } catch {
    // not JSON
  }
  return fallback;
}

function sendRefusal(reply: FastifyReply, { status, retryAfter, message }: Refusal) {
  reply.header("retry-after", retryAfter);
  return sendRefusalPage(reply, status, message);
}
