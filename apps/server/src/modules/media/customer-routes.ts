// A customer's after-sales photo (docs/decisions/0064): the back office's picture pipeline (type read
// from the bytes, metadata dropped, re-encoded), behind the customer's session and CSRF (checked on
// the request line, before any byte is read) and a per-customer limit counted before the body is read.
import { AfterSaleMessages, CHAT_VISITOR_COOKIE, ChatMessages, endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
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

/** A visitor's chat pictures: a few a conversation, not a photo album; more per address (an office). */
export const CHAT_PICTURE_RULES_PER_VISITOR: readonly RateRule[] = [{ limit: 20, windowMs: HOUR }];
export const CHAT_PICTURE_RULES_PER_IP: readonly RateRule[] = [{ limit: 60, windowMs: HOUR }];

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

  // A picture in the live chat (docs/decisions/0075): from a browser that opened the chat (its
  // cookie is the counter's key; the chat module checks the conversation when the message is sent).
  app.register(async (scope) => {
    acceptPictureBody(scope);
    scope.addHook("preParsing", async (request) => {
      const visitor = request.cookies[CHAT_VISITOR_COOKIE];
      if (!visitor) throw new AppError("business", ChatMessages.openFirst);
      if (!limits.limiter) return;
      await consumeOrThrow(
        limits.limiter,
        [
          { key: `media:chat:visitor:${visitor.slice(0, 64)}`, rules: CHAT_PICTURE_RULES_PER_VISITOR },
          { key: `media:chat:ip:${request.ip}`, rules: CHAT_PICTURE_RULES_PER_IP },
        ],
        limits.now(),
        ChatMessages.pictureLimited,
      );
    });
    registerEndpoint(
      scope,
      endpoints.chatPicture,
      async ({ request }) => {
        const uploaded = await images.uploadChatPicture(request.body);
        return { url: uploaded.url, thumbnail: uploaded.variants.at(-1)?.url ?? uploaded.url };
      },
      { message: ChatMessages.pictureUploaded },
    );
  });
}
