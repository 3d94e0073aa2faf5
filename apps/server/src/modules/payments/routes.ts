import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import type { PaymentsService } from "./service.js";

/** Alipay posts its asynchronous notify here (ALIPAY_NOTIFY_URL); outside the contract's table. */
export const ALIPAY_NOTIFY_PATH = "/api/alipay/notify";
/** A notify is a few hundred bytes of form fields. */
const NOTIFY_BODY_LIMIT = 16 * 1024;

// Thin HTTP adapter: the contract parses, the service decides, the envelope is added by registerEndpoint.
export function paymentsRoutes(app: FastifyInstance, payments: PaymentsService) {
  registerEndpoint(app, endpoints.alipayPrecreate, ({ query, request }) => payments.precreate(query, request.customer));
  registerEndpoint(app, endpoints.alipayQuery, ({ query }) => payments.query(query.out_trade_no));
  registerEndpoint(app, endpoints.offlinePay, ({ body }) => payments.offlinePay(body.outTradeNo), {
    message: "支付成功",
  });

  // Alipay's notify is a form post answered with the bare word `success` or `failure` (its protocol,
  // not the envelope). Its own scope parses forms; every other route keeps taking JSON only.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: NOTIFY_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // Hidden from the OpenAPI document, which lists the contract's endpoints (Alipay is no client of ours).
    scope.post(ALIPAY_NOTIFY_PATH, { schema: { hide: true } }, async (request, reply) => {
      let accepted = false;
      try {
        // Alipay posts a form; another body (JSON) is not its notify, whatever it carries.
        const form = /^application\/x-www-form-urlencoded\b/i.test(request.headers["content-type"] ?? "");
        accepted = form && (await payments.notify(stringFields(request.body)));
      } catch (error) {
        // The database may be away: Alipay sends the notify again later.
        request.log.error({ err: error }, "payment notify failed");
      }
      return reply
        .header("cache-control", "no-store")
        .type("text/plain; charset=utf-8")
        .send(accepted ? "success" : "failure");
    });
  });
}

/** Only string fields are read: a JSON body or nested values cannot pass verification anyway. */
function stringFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== "object") return {};
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"));
}
