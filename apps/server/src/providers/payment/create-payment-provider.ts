// Picks the payment provider named by PAYMENT_PROVIDER. config/env.ts has already checked that
// alipay's settings are present and that production does not run the offline provider unasked.
import type { FastifyBaseLogger } from "fastify";
import type { Env } from "../../config/env.js";
import { AlipayPaymentProvider } from "./alipay-payment-provider.js";
import { OfflinePaymentProvider } from "./offline-payment-provider.js";
import type { PaymentProvider } from "./payment-provider.js";

export function createPaymentProvider(env: Env, logger: FastifyBaseLogger): PaymentProvider {
  switch (env.PAYMENT_PROVIDER) {
    case "alipay":
      return new AlipayPaymentProvider(
        {
          appId: env.ALIPAY_APP_ID ?? "",
          privateKey: env.ALIPAY_PRIVATE_KEY ?? "",
          alipayPublicKey: env.ALIPAY_PUBLIC_KEY ?? "",
          sellerId: env.ALIPAY_SELLER_ID ?? "",
          gateway: env.ALIPAY_GATEWAY,
          notifyUrl: env.ALIPAY_NOTIFY_URL ?? "",
          timeoutMs: env.ALIPAY_TIMEOUT_MS,
        },
        logger,
      );
    case "offline":
      return new OfflinePaymentProvider();
  }
}
