// Thin HTTP adapter for the back office's image uploads (ADR 0030).
import { AdminMessages, endpoints } from "@yj/contract";
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
}
