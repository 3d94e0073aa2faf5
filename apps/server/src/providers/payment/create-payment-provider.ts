// Makes the payment providers named by PAYMENT_PROVIDER (ADR 0024, ADR 0062), the pay step's default
// first. config/env.ts has already checked that each one's settings are present and that production
// runs neither the offline provider unasked nor the fake WeChat Pay gateway.
import type { FastifyInstance } from "fastify";
import { type Env, paymentProviderNames } from "../../config/env.js";
import { AlipayPaymentProvider } from "./alipay-payment-provider.js";
import { FakeWechatPayGateway } from "./fake-wechatpay-gateway.js";
import { OfflinePaymentProvider } from "./offline-payment-provider.js";
import type { PaymentProvider, PaymentProviderName } from "./payment-provider.js";
import { WechatPaymentProvider, type WechatPaySettings } from "./wechat-payment-provider.js";

/** The development fake gateway of a server (WECHATPAY_FAKE_GATEWAY): its OAuth pages stand in for WeChat's too. */
const developmentFakes = new WeakMap<FastifyInstance, FakeWechatPayGateway>();

export function developmentFakeGateway(app: FastifyInstance): FakeWechatPayGateway | undefined {
  return developmentFakes.get(app);
}

/** Where WeChat Pay posts notifies (routes.ts serves it). */
export const WECHATPAY_NOTIFY_PATH = "/api/wechatpay/notify";
/** Where WeChat Pay posts refund notifies: the payment notify URL's sibling (ADR 0063). */
export const WECHATPAY_REFUND_NOTIFY_PATH = "/api/wechatpay/refund-notify";

export function createPaymentProviders(app: FastifyInstance, env: Env): PaymentProvider[] {
  return paymentProviderNames(env).map((name) => createPaymentProvider(name, app, env));
}

function createPaymentProvider(name: PaymentProviderName, app: FastifyInstance, env: Env): PaymentProvider {
  switch (name) {
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
        app.log,
      );
    case "wechat":
      return new WechatPaymentProvider(
        // The phone channels (docs/decisions/0066); JSAPI needs the OAuth secret, checked at start.
        // Assigned, not spread: the fake's settings read its address through a getter.
        Object.assign(env.WECHATPAY_FAKE_GATEWAY ? fakeGatewaySettings(app, env) : wechatPaySettings(env), {
          h5: env.WECHATPAY_H5,
          jsapi: env.WECHATPAY_JSAPI,
        }),
        app.log,
      );
    case "offline":
      return new OfflinePaymentProvider();
  }
}

function wechatPaySettings(env: Env): WechatPaySettings {
  const keys: Record<string, string> = {};
  // Public-key mode (merchants since late 2024) and certificate mode; both while a merchant switches.
  if (env.WECHATPAY_PUBLIC_KEY_ID && env.WECHATPAY_PUBLIC_KEY)
    keys[env.WECHATPAY_PUBLIC_KEY_ID] = env.WECHATPAY_PUBLIC_KEY;
  if (env.WECHATPAY_PLATFORM_CERT_SERIAL && env.WECHATPAY_PLATFORM_CERT)
    keys[env.WECHATPAY_PLATFORM_CERT_SERIAL] = env.WECHATPAY_PLATFORM_CERT;
  return {
    mchid: env.WECHATPAY_MCHID ?? "",
    appid: env.WECHATPAY_APPID ?? "",
    merchantSerial: env.WECHATPAY_MERCHANT_SERIAL ?? "",
    merchantPrivateKey: env.WECHATPAY_MERCHANT_PRIVATE_KEY ?? "",
    apiV3Key: env.WECHATPAY_APIV3_KEY ?? "",
    wechatpayKeys: keys,
    notifyUrl: env.WECHATPAY_NOTIFY_URL ?? "",
    baseUrl: env.WECHATPAY_BASE_URL,
    timeoutMs: env.WECHATPAY_TIMEOUT_MS,
  };
}

/**
 * Development without keys: a fake gateway in this process, with keys made now, listening from
 * onReady to onClose; its notifies come to this server unless WECHATPAY_NOTIFY_URL says otherwise.
 */
function fakeGatewaySettings(app: FastifyInstance, env: Env): WechatPaySettings {
  const fake = new FakeWechatPayGateway();
  // Development: a refund settles a moment later and its notify comes here (ADR 0063).
  fake.autoSettleRefunds = true;
  developmentFakes.set(app, fake);
  app.addHook("onReady", async () => {
    await fake.start();
    app.log.warn({ url: fake.url }, "fake WeChat Pay gateway: POST /fake/pay {out_trade_no} pays a trade");
  });
  app.addHook("onClose", () => fake.stop());
  const { merchant } = fake;
  return {
    mchid: merchant.mchid,
    appid: merchant.appid,
    merchantSerial: merchant.merchantSerial,
    merchantPrivateKey: merchant.merchantKeys.privateKey,
    apiV3Key: merchant.apiV3Key,
    wechatpayKeys: { [fake.publicKeyId]: fake.wechatpayKeys.publicKey },
    notifyUrl: env.WECHATPAY_NOTIFY_URL ?? `http://127.0.0.1:${env.PORT}${WECHATPAY_NOTIFY_PATH}`,
    get baseUrl() {
      return fake.url;
    },
    timeoutMs: env.WECHATPAY_TIMEOUT_MS,
  };
}
