// An upload's body is the picture itself, whatever type it declares (the service reads the type from
// the bytes), in its own scope: every other route keeps taking JSON only (ADR 0030, 0037).
import { AdminMessages, MAX_IMAGE_BYTES } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/errors.js";

export function acceptPictureBody(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  scope.addHook("onRequest", async (request) => {
    if (Number(request.headers["content-length"]) > MAX_IMAGE_BYTES) {
      throw new AppError("invalid_input", AdminMessages.imageTooLarge);
    }
  });
  // A body sent without its length (chunked) stops at the limit too: the same message. Any other
  // error goes on to the app's handler.
  scope.setErrorHandler((error) => {
    if ((error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      throw new AppError("invalid_input", AdminMessages.imageTooLarge);
    }
    throw error;
  });
}
