// Assembles the media: stored images served at /media/:key and the back office's uploads (ADR 0030),
// the only writer of media_uploads.
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import type { Clock } from "../../lib/clock.js";
import { mediaAdminRoutes } from "./admin-routes.js";
import { ImageUploads } from "./image-upload.js";
import { mediaRoutes } from "./routes.js";
import { MediaService } from "./service.js";

export function registerMedia(app: FastifyInstance, options: { db: Db; now: Clock }): void {
  mediaRoutes(app, new MediaService(options.db));
  mediaAdminRoutes(app, new ImageUploads(options.db, options.now));
}
