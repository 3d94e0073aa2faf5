// Assembles the media: stored images served at /media/:key, the back office's uploads (ADR 0030) and
// the customers' after-sales photos (ADR 0064) and renovation owners' objection photos (ADR 0079); the
// only writer of media_uploads.
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import type { Clock } from "../../lib/clock.js";
import type { RateLimiter } from "../../limits/rate-limiter.js";
import { mediaAdminRoutes } from "./admin-routes.js";
import { mediaCustomerRoutes } from "./customer-routes.js";
import { ImageUploads } from "./image-upload.js";
import { mediaRoutes } from "./routes.js";
import { MediaService } from "./service.js";

export function registerMedia(app: FastifyInstance, options: { db: Db; now: Clock; limiter?: RateLimiter }): void {
  mediaRoutes(app, new MediaService(options.db));
  const uploads = new ImageUploads(options.db, options.now);
  mediaAdminRoutes(app, uploads);
  mediaCustomerRoutes(app, uploads, { limiter: options.limiter, now: options.now, db: options.db });
}
