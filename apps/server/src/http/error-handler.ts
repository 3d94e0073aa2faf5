// The one error handler: every failure answers the envelope, never a stack (ADR 0003, R11 in docs/quality.md).
import { FAILURE_CODE, Messages } from "@yj/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, ERROR_KINDS, type ErrorKind, isPoolBusy, overloaded } from "../lib/errors.js";
import { isApiUrl } from "./api-url.js";
import { sendRefusalPage, wantsPage } from "./refusal-page.js";

function send(reply: FastifyReply, kind: ErrorKind, message?: string, data: object | null = null) {
  const { status, errorCode, defaultMessage } = ERROR_KINDS[kind];
  return reply.status(status).send({ code: FAILURE_CODE, message: message ?? defaultMessage, data, errorCode });
}

/** Fastify's own client errors (bad JSON, wrong content type, too large) in Chinese. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "请求体不是有效的 JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "请求体不能为空",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "请求格式不支持，请以 application/json 提交",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "请求长度有误",
  FST_ERR_CTP_BODY_TOO_LARGE: "请求体过大",
  FST_ERR_VALIDATION: Messages.invalidInput,
};

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Every connection of the database pool busy, and no room to wait: load, not a fault (ADR 0048).
    const appError = isPoolBusy(error) ? overloaded() : error instanceof AppError ? error : undefined;
    if (appError) {
      if (appError.retryAfterSeconds !== undefined) reply.header("retry-after", String(appError.retryAfterSeconds));
      const { status } = ERROR_KINDS[appError.kind];
      // A browser's page over its limit, or shed, gets a page in Chinese, not JSON (ADR 0048).
      if ((status === 429 || status === 503) && wantsPage(request)) {
        return sendRefusalPage(reply, status, appError.message);
      }
      return send(reply, appError.kind, appError.message, appError.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The first issue's message is already Chinese (contract messages or zod's zh-CN locale).
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, "").replaceAll("/", ".");
      const detail = first?.message ?? Messages.invalidInput;
      return send(reply, "invalid_input", field && !detail.includes(field) ? `${detail}（${field}）` : detail);
    }
    if (error.statusCode === 429) return send(reply, "rate_limited");
    const clientMessage = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (clientMessage || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return send(reply, "invalid_input", clientMessage ?? Messages.invalidInput);
    }
    request.log.error({ err: error }, "unhandled error");
    return send(reply, "internal");
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiUrl(request.url)) {
      return reply
        .status(404)
        .send({ code: FAILURE_CODE, message: "接口不存在", data: null, errorCode: ERROR_KINDS.not_found.errorCode });
    }
    return reply.status(404).type("text/plain; charset=utf-8").send("404 页面不存在");
  });
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot even decode (`/api/%E0%A4%A`) never reaches a route or
 * the error handler. An /api answer is still the envelope; a page gets a plain 400.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isApiUrl(request.url)) {
    return send(reply, "invalid_input", error.code === "FST_ERR_BAD_URL" ? "请求地址无效" : Messages.invalidInput);
  }
  return reply.status(400).type("text/plain; charset=utf-8").send("400 请求地址无效");
}
