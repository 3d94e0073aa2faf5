// Thin HTTP adapter for the back office's image uploads (ADR 0030).
import { AdminMessages, ChatMessages, endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import { staffActor } from "../staff/index.js";
import type { ImageUploads } from "./image-upload.js";
import { acceptPictureBody } from "./picture-body.js";

export function mediaAdminRoutes(app: FastifyInstance, images: ImageUploads) {
  // The staff hook has checked session, CSRF and permission before any byte is read (ADR 0030).
  app.register(async (scope) => {
    acceptPictureBody(scope);
    registerEndpoint(
      scope,
      endpoints.adminMediaUpload,
      ({ query, request }) => images.upload(staffActor(request), query.purpose, request.body),
      { message: AdminMessages.imageUploaded },
    );
  });
  // A staff member's picture in the live chat (docs/decisions/0078): the inbox's permission, not the
  // media one (销售/客服 send pictures but edit no catalogue); audited like every staff upload.
  app.register(async (scope) => {
    acceptPictureBody(scope);
    registerEndpoint(
      scope,
      endpoints.adminChatPicture,
      async ({ request }) => {
        const uploaded = await images.upload(staffActor(request), "chat", request.body);
        return { url: uploaded.url, thumbnail: uploaded.variants.at(-1)?.url ?? uploaded.url };
      },
      { message: ChatMessages.pictureUploaded },
    );
  });
}
