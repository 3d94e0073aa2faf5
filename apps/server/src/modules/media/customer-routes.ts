// A customer's after-sales photo (docs/decisions/0064): the back office's picture pipeline (type read
// from the bytes, metadata dropped, re-encoded), behind the customer's session and CSRF (checked on
// the request line, before any byte is read) and a per-customer limit counted before the body is read.
import { AfterSaleMessages, endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import type { Clock } from "../../lib/clock.js";
import { consumeOrThrow, type RateLimiter, type RateRule } from "../../limits/rate-limiter.js";
import { requireCustomer } from "../accounts/session-hook.js";
import type { ImageUploads } from "./image-upload.js";
import { acceptPictureBody } from "./picture-body.js";

const HOUR = 60 * 60_000;
/** Six photos a request, a few requests and retries an hour; a day's cap against a script. */
export const AFTER_SALE_PHOTO_RULES: readonly RateRule[] = [
  { limit: 30, windowMs: HOUR },
  { limit: 100, windowMs: 24 * HOUR },
];

export function mediaCustomerRoutes(
  app: FastifyInstance,
  images: ImageUploads,
  limits: { limiter?: RateLimiter; now: Clock },
) {
  app.register(async (scope) => {
    acceptPictureBody(scope);
    scope.addHook("preParsing", async (request) => {
      // The session hook (onRequest) has refused a visitor; this counts the customer's upload.
      const customer = requireCustomer(request);
      if (!limits.limiter) return;
      await consumeOrThrow(
        limits.limiter,
        [{ key: `media:aftersale:customer:${customer.id}`, rules: AFTER_SALE_PHOTO_RULES }],
        limits.now(),
        AfterSaleMessages.uploadLimited,
      );
    });
    registerEndpoint(
      scope,
      endpoints.afterSalePhotoUpload,
      async ({ request }) => {
        const uploaded = await images.uploadAfterSalePhoto(request.body);
        return { url: uploaded.url, thumbnail: uploaded.variants.at(-1)?.url ?? uploaded.url };
      },
      { message: "照片已上传" },
    );
  });
}
