// A customer's after-sales photo (docs/decisions/0064): the back office's picture pipeline (type read
// from the bytes, metadata dropped, re-encoded), behind the customer's session and CSRF (checked on
// the request line, before any byte is read) and a per-customer limit counted before the body is read.
import {
  AfterSaleMessages,
  CHAT_VISITOR_COOKIE,
  ChatMessages,
  endpoints,
  OwnerPhotoQuery,
  ProjectMessages,
} from "@yj/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { registerEndpoint } from "../../http/endpoint.js";
import { clientKey } from "../../lib/client-address.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, invalidInput } from "../../lib/errors.js";
import { consumeOrThrow, type RateLimiter, type RateRule } from "../../limits/rate-limiter.js";
import { requireCustomer } from "../accounts/session-hook.js";
import { ownsProject } from "../projects/index.js";
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

/**
 * A renovation owner's objection photos (docs/decisions/0079): six an objection, a few objections and
 * retries; per address too, so many accounts behind one address cannot fill the store.
 */
export const OBJECTION_PHOTO_RULES_PER_CUSTOMER: readonly RateRule[] = [
  { limit: 30, windowMs: HOUR },
  { limit: 60, windowMs: 24 * HOUR },
];
export const OBJECTION_PHOTO_RULES_PER_IP: readonly RateRule[] = [{ limit: 60, windowMs: HOUR }];

export function mediaCustomerRoutes(
  app: FastifyInstance,
  images: ImageUploads,
  limits: { limiter?: RateLimiter; now: Clock; db: Db },
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

  // A renovation owner's photo of a stage they object to (docs/decisions/0079): only the project's
  // owner, counted per customer and per address, all before a byte of the body is read.
  app.register(async (scope) => {
    acceptPictureBody(scope);
    scope.addHook("preParsing", async (request) => {
      const customer = requireCustomer(request);
      const query = OwnerPhotoQuery.safeParse(request.query);
      if (!query.success) throw invalidInput(query.error.issues[0]?.message ?? ProjectMessages.notFound);
      if (limits.limiter) {
        await consumeOrThrow(
          limits.limiter,
          [
            { key: `media:objection:customer:${customer.id}`, rules: OBJECTION_PHOTO_RULES_PER_CUSTOMER },
            { key: `media:objection:ip:${clientKey(request.ip)}`, rules: OBJECTION_PHOTO_RULES_PER_IP },
          ],
          limits.now(),
          ProjectMessages.photoLimited,
        );
      }
      if (!(await ownsProject(limits.db, customer, query.data.projectId)))
        throw new AppError("not_found", ProjectMessages.notFound);
    });
    registerEndpoint(
      scope,
      endpoints.myProjectPhotoUpload,
      async ({ request }) => {
        const uploaded = await images.uploadObjectionPhoto(request.body);
        return {
          key: uploaded.url.slice("/media/".length),
          url: uploaded.url,
          thumbnail: uploaded.variants.at(-1)?.url ?? uploaded.url,
        };
      },
      { message: ProjectMessages.photoUploaded },
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
