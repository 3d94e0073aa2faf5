// Serves the back office's client (apps/admin, its own Vite build): /admin and every /admin/* path
// answer its one HTML page (the client routes), /admin/assets/* its hashed files. Not server-rendered,
// never indexed, and no storefront page links its scripts, so the storefront's bundle is untouched.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { CSP_DIRECTIVES, cspHeader } from "../http/content-security-policy.js";
import { serverFile } from "../lib/paths.js";

/**
 * The storefront's policy, but styles may be inline: antd writes its styles as <style> elements,
 * and a few of them (scroll locking, motion) without the nonce ConfigProvider passes on, so a nonce
 * would block them. Scripts stay 'self' only (docs/decisions/0030).
 */
const ADMIN_CSP = cspHeader().replace(
  `style-src ${CSP_DIRECTIVES["style-src"].join(" ")}`,
  `style-src ${CSP_DIRECTIVES["style-src"].join(" ")} 'unsafe-inline'`,
);

function adminDist(): string | null {
  try {
    return serverFile("../admin/dist");
  } catch {
    return null;
  }
}

export async function adminClientPlugin(app: FastifyInstance) {
  const dist = adminDist();
  if (!dist || !existsSync(join(dist, "index.html"))) {
    app.log.warn("admin build not found (apps/admin/dist): run `npm run build`; /admin is not served");
    return;
  }
  const page = readFileSync(join(dist, "index.html"), "utf8");
  await app.register(fastifyStatic, {
    root: join(dist, "assets"),
    prefix: "/admin/assets/",
    immutable: true,
    maxAge: "365d",
    index: false,
    decorateReply: false,
  });
  const answer = (reply: FastifyReply) =>
    reply
      .header("content-security-policy", ADMIN_CSP)
      .header("x-robots-tag", "noindex, nofollow")
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(page);
  app.get("/admin", { schema: { hide: true } }, (_request, reply) => answer(reply));
  app.get("/admin/*", { schema: { hide: true } }, (request, reply) =>
    request.url.startsWith("/admin/assets/") ? reply.callNotFound() : answer(reply),
  );
}
