// Serves the storefront: built assets from apps/web/dist/client, and every other non-API GET
// rendered by the web app's server entry, which reaches the API in-process (Fastify inject) so SSR
// goes through the same routes, validation and auth as the browser.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { cspHeader, newNonces } from "../http/content-security-policy.js";
import { serverFile } from "../lib/paths.js";

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

interface WebServerEntry {
  render(options: {
    request: Request;
    transport: (r: {
      method: "GET" | "POST";
      url: string;
      body?: unknown;
    }) => Promise<{ status: number; retryAfter?: string | null; json(): Promise<unknown> }>;
    nonce: string;
    styleNonce: string;
    assets: { scripts: string[]; css: string; preloads: string[] };
    screenPreloads(routeIds: string[]): string[];
  }): Promise<
    | { kind: "redirect"; status: number; location: string }
    | { kind: "html"; status: number; body: NodeJS.ReadableStream }
  >;
}

function webDist(): string | null {
  try {
    return serverFile("../web/dist");
  } catch {
    return null;
  }
}

/** Reads the Vite manifest once: the entry's script and stylesheet, and the chunks each screen needs. */
function loadManifest(clientDir: string) {
  const manifest = JSON.parse(readFileSync(join(clientDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.values(manifest).find((c) => c.isEntry);
  if (!entry) throw new Error("web build has no entry chunk");
  const chunkFiles = (key: string, seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(k, seen))];
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry)!;
  const entryFiles = chunkFiles(entryKey);
  // cssCodeSplit is off: one stylesheet, under "style.css" in the manifest.
  const styles = [...(entry.css ?? []), ...(manifest["style.css"] ? [manifest["style.css"].file] : [])];
  const css = styles.map((f) => readFileSync(join(clientDir, f), "utf8")).join("\n");
  return {
    assets: { scripts: [`/${entry.file}`], css, preloads: entryFiles.slice(1) },
    /** modulepreload links for the matched screens' chunks (route ids are their source paths). */
    screenPreloads(routeIds: string[]): string[] {
      const files = new Set(routeIds.flatMap((id) => chunkFiles(id.split("#")[0] ?? id)));
      for (const f of entryFiles) files.delete(f);
      return [...files];
    },
  };
}

export async function storefrontPlugin(app: FastifyInstance) {
  const dist = webDist();
  if (!dist || !existsSync(join(dist, "server/entry-server.js"))) {
    app.log.warn("web build not found (apps/web/dist): run `npm run build`; only the API is served");
    return;
  }
  const clientDir = join(dist, "client");
  const { assets, screenPreloads } = loadManifest(clientDir);
  const web = (await import(pathToFileURL(join(dist, "server/entry-server.js")).href)) as WebServerEntry;

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

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = `http://${request.headers.host ?? "localhost"}`;
    const headers = new Headers();
    if (request.headers.cookie) headers.set("cookie", request.headers.cookie);
    const nonces = newNonces();
    // Cookies the API sets while rendering (e.g. clearing a dead session) reach the browser too.
    const setCookies: string[] = [];
    reply.header("content-security-policy", cspHeader(nonces));
    const result = await web.render({
      request: new Request(new URL(request.url, origin), { headers }),
      nonce: nonces.script,
      styleNonce: nonces.style,
      assets,
      screenPreloads,
      transport: async ({ method, url, body }) => {
        const res = await app.inject({
          method,
          url,
          payload: method === "POST" ? (body as object) : undefined,
          headers: { cookie: request.headers.cookie ?? "", "x-forwarded-for": request.ip, accept: "application/json" },
        });
        const cookies = res.headers["set-cookie"];
        if (cookies) setCookies.push(...(Array.isArray(cookies) ? cookies : [String(cookies)]));
        const retryAfter = res.headers["retry-after"];
        return {
          status: res.statusCode,
          retryAfter: typeof retryAfter === "string" ? retryAfter : null,
          json: async () => res.json(),
        };
      },
    });
    if (setCookies.length) reply.header("set-cookie", setCookies);
    if (result.kind === "redirect") return reply.redirect(result.location, result.status);
    return reply
      .status(result.status)
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(result.body);
  };

  // Static API routes win over this wildcard; an unknown /api path still answers the JSON envelope.
  app.get("/*", { schema: { hide: true } }, (request, reply) =>
    request.url.startsWith("/api/") ? reply.callNotFound() : renderPage(request, reply),
  );
}
