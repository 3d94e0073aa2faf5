import { endpoints } from "@yj/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import {
  WECHATPAY_NOTIFY_PATH,
  WECHATPAY_REFUND_NOTIFY_PATH,
} from "../../providers/payment/create-payment-provider.js";
import type { NotifyRequest } from "../../providers/payment/payment-provider.js";
import { requireCustomer } from "../accounts/session-hook.js";
import { staffActor } from "../staff/index.js";
import type { RefundService } from "./refund-service.js";
import type { PayingClient, PaymentsService } from "./service.js";
import type { WechatOauth } from "./wechat-oauth.js";

/** Alipay posts its asynchronous notify here (ALIPAY_NOTIFY_URL); outside the contract's table. */
export const ALIPAY_NOTIFY_PATH = "/api/alipay/notify";
export { WECHATPAY_NOTIFY_PATH, WECHATPAY_REFUND_NOTIFY_PATH };

/** A notify is a few hundred bytes of form fields, or a small JSON envelope. */
const NOTIFY_BODY_LIMIT = 16 * 1024;

/** A notify as received: the exact body text (signatures cover it byte for byte) and the headers. */
function notifyRequest(request: FastifyRequest): NotifyRequest {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value[0] : value;
  return { headers, body: typeof request.body === "string" ? request.body : "" };
}

// Thin HTTP adapter: the contract parses, the service decides, the envelope is added by registerEndpoint.
/**
 * Who pays, as the server sees it (docs/decisions/0066): the User-Agent, the IP under TRUST_PROXY,
 * and the openid from the signed cookie when JSAPI is on. None of it is logged here.
 */
function payingClient(request: FastifyRequest, oauth: WechatOauth | undefined): PayingClient {
  return {
    userAgent: request.headers["user-agent"],
    ip: request.ip,
    openid: oauth?.openidOf(request),
    oauthUrl: oauth ? (back) => oauth.startUrl(back) : undefined,
  };
}

export function paymentsRoutes(app: FastifyInstance, payments: PaymentsService, oauth?: WechatOauth) {
  registerEndpoint(app, endpoints.alipayPrecreate, ({ query, request }) =>
    payments.precreate(query, request.customer, payingClient(request, oauth)),
  );
  registerEndpoint(app, endpoints.alipayQuery, ({ query }) => payments.query(query.out_trade_no));
  registerEndpoint(app, endpoints.offlinePay, ({ body }) => payments.offlinePay(body.outTradeNo), {
    message: "支付成功",
  });

  // Notifies are not the envelope's: Alipay's is a form post answered with the bare word `success`
  // or `failure`; WeChat Pay's (APIv3) a JSON post answered 204 on success, else 4xx/5xx with
  // {code, message}. Their own scope keeps bodies as text (the signatures cover the exact bytes);
  // every other route keeps parsing JSON.
  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    const asText = { parseAs: "string" as const, bodyLimit: NOTIFY_BODY_LIMIT };
    scope.addContentTypeParser("application/x-www-form-urlencoded", asText, (_request, body, done) => done(null, body));
    scope.addContentTypeParser("application/json", asText, (_request, body, done) => done(null, body));
    // Hidden from the OpenAPI document, which lists the contract's endpoints (the providers are no clients of ours).
    scope.post(ALIPAY_NOTIFY_PATH, { schema: { hide: true } }, async (request, reply) => {
      let accepted = false;
      try {
        // Alipay posts a form; another body (JSON) is not its notify, whatever it carries.
        const form = /^application\/x-www-form-urlencoded\b/i.test(request.headers["content-type"] ?? "");
        accepted = form && (await payments.notify("alipay", notifyRequest(request)));
      } catch (error) {
        // The database may be away: Alipay sends the notify again later.
        request.log.error({ err: error }, "payment notify failed");
      }
      return reply
        .header("cache-control", "no-store")
        .type("text/plain; charset=utf-8")
        .send(accepted ? "success" : "failure");
    });
    scope.post(WECHATPAY_NOTIFY_PATH, { schema: { hide: true } }, async (request, reply) => {
      reply.header("cache-control", "no-store");
      let accepted: boolean;
      try {
        const json = /^application\/json\b/i.test(request.headers["content-type"] ?? "");
        accepted = json && (await payments.notify("wechat", notifyRequest(request)));
      } catch (error) {
        // The database may be away: a 5xx makes WeChat Pay send the notify again later.
        request.log.error({ err: error }, "payment notify failed");
        return reply.code(500).send({ code: "FAIL", message: "系统繁忙，请稍后重试" });
      }
      if (accepted) return reply.code(204).send();
      return reply.code(400).send({ code: "FAIL", message: "通知验证失败" });
    });
  });
}

/**
 * Refunds (docs/decisions/0063): the customer's and the deposit payer's requests, the back office's
 * decisions, and WeChat Pay's refund notify (same protocol and answers as its payment notify).
 */
export function refundsRoutes(app: FastifyInstance, refunds: RefundService) {
  registerEndpoint(
    app,
    endpoints.orderRefund,
    ({ body, request }) => refunds.requestForOrder(requireCustomer(request), body),
    { message: "退款申请已提交" },
  );
  registerEndpoint(app, endpoints.myDeposits, ({ request }) => refunds.deposits(requireCustomer(request)));
  registerEndpoint(
    app,
    endpoints.depositRefund,
    ({ body, request }) => refunds.requestForDeposit(requireCustomer(request), body),
    { message: "定金退款已提交" },
  );
  registerEndpoint(app, endpoints.adminOrderRefunds, ({ query }) => refunds.ordersRefunds(query.orderNo));
  registerEndpoint(
    app,
    endpoints.adminRefundApprove,
    ({ body, request }) => refunds.approve(staffActor(request), body),
    {
      message: "已同意退款",
    },
  );
  registerEndpoint(app, endpoints.adminRefundRefuse, ({ body, request }) => refunds.refuse(staffActor(request), body), {
    message: "已拒绝退款申请",
  });
  registerEndpoint(app, endpoints.adminRefundRetry, ({ body, request }) => refunds.retry(staffActor(request), body), {
    message: "已重新发起退款",
  });
  registerEndpoint(
    app,
    endpoints.adminInstalmentRefund,
    ({ body, request }) => refunds.refundInstalment(staffActor(request), body),
    { message: "已发起退款" },
  );
  registerEndpoint(app, endpoints.adminProjectRefunds, ({ query }) => refunds.projectRefunds(query.id));

  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: NOTIFY_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(WECHATPAY_REFUND_NOTIFY_PATH, { schema: { hide: true } }, async (request, reply) => {
      reply.header("cache-control", "no-store");
      let accepted: boolean;
      try {
        const json = /^application\/json\b/i.test(request.headers["content-type"] ?? "");
        accepted = json && (await refunds.notify("wechat", notifyRequest(request)));
      } catch (error) {
        // The database may be away: a 5xx makes WeChat Pay send the notify again later.
        request.log.error({ err: error }, "refund notify failed");
        return reply.code(500).send({ code: "FAIL", message: "系统繁忙，请稍后重试" });
      }
      if (accepted) return reply.code(204).send();
      return reply.code(400).send({ code: "FAIL", message: "通知验证失败" });
    });
  });
}
