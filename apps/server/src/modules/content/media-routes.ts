// Generated images (SVG) live in the database so every instance serves the same bytes (ADR 0005).
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { media } from "../../db/schema.js";

const MEDIA_KEY = /^[a-z0-9][a-z0-9-]{0,80}\.svg$/;

export function mediaRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Params: { key: string } }>("/media/:key", { schema: { hide: true } }, async (request, reply) => {
    const { key } = request.params;
    const [row] = MEDIA_KEY.test(key)
      ? await db.select({ contentType: media.contentType, body: media.body }).from(media).where(eq(media.key, key))
      : [];
    if (!row) return reply.status(404).type("text/plain; charset=utf-8").send("图片不存在");
    const etag = `"${createHash("sha1").update(row.body).digest("base64url")}"`;
    reply.header("etag", etag).header("cache-control", "public, max-age=86400, stale-while-revalidate=604800");
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    // An SVG may not run script even if opened directly.
    reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
    return reply.type(row.contentType).send(row.body);
  });
}
