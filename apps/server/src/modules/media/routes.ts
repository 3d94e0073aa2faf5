// GET /media/:key: a stored image with an ETag, cached by browsers and CDNs (an upload for a year:
// its key changes with its content).
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { MediaService } from "./service.js";

export function mediaRoutes(app: FastifyInstance, media: MediaService) {
  app.get<{ Params: { key: string } }>("/media/:key", { schema: { hide: true } }, async (request, reply) => {
    const file = await media.find(request.params.key);
    if (!file) return reply.status(404).type("text/plain; charset=utf-8").send("图片不存在");
    const etag = `"${createHash("sha1").update(file.body).digest("base64url")}"`;
    reply
      .header("etag", etag)
      .header(
        "cache-control",
        file.immutable ? "public, max-age=31536000, immutable" : "public, max-age=86400, stale-while-revalidate=604800",
      );
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    // An SVG may not run script even if opened directly.
    reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
    return reply.type(file.contentType).send(file.body);
  });
}
