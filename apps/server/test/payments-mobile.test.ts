// Paying on a phone (docs/decisions/0066) against the local fake gateways, on PGlite and, with
// TEST_DATABASE_URL, PostgreSQL: the channel chosen from the method, the User-Agent and the page's
// word; WeChat H5 with the buyer's IP as the server sees it behind TRUST_PROXY; JSAPI inside WeChat
// with the openid from WeChat's OAuth (a forged, replayed or tampered state refused before any
// exchange, each code exchanged once, the openid in a signed cookie and never in a URL or a log
// line) and a pay sign that verifies with the merchant's public key; Alipay's mobile-site pay as a
// signed GET URL whose way back is the shop's own page whatever the request says; Alipay refused
// inside WeChat; switching method or device closes the other trade whatever its channel.
import { createVerify, randomBytes } from "node:crypto";
import type { JsapiPayParams, NeedsWechatOauth, PrecreateData, TradeData } from "@yj/contract";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../src/config/env.js";
import { customers, orders, payments } from "../src/db/schema.js";
import { createLogger } from "../src/lib/logger.js";
import { payChannel } from "../src/modules/payments/pay-channel.js";
import { OAUTH_STATE_COOKIE, OPENID_COOKIE, safeBack } from "../src/modules/payments/wechat-oauth.js";
import { FakeWechatPayGateway } from "../src/providers/payment/fake-wechatpay-gateway.js";
import { AccountsHarness, type Session, uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { describeEachBackend } from "./helper.js";
import { FakeAlipay, rsaKeyPair } from "./support/fake-alipay.js";

const ORIGIN = "https://shop.example.cn";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const WECHAT = `${IPHONE} MicroMessenger/8.0.54(0x18003637) NetType/WIFI Language/zh_CN`;
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const APP_ID = "2021000000000066";
const SELLER_ID = "2088000000000066";
const appKeys = rsaKeyPair();

describe("payChannel: the method, the User-Agent and the page's word", () => {
  const all = { clientSaysPhone: true, available: new Set(["h5", "jsapi", "wap"] as const) };
  it.each([
    [IPHONE, "wechat", "h5"],
    [ANDROID, "wechat", "h5"],
    [IPHONE, "alipay", "wap"],
    [WECHAT, "wechat", "jsapi"],
    [WECHAT, "alipay", "unavailable"],
    [DESKTOP, "wechat", "qr"],
    [DESKTOP, "alipay", "qr"],
    [IPHONE, "offline", "qr"],
    [undefined, "wechat", "qr"],
  ] as const)("%s, %s → %s", (ua, method, channel) => {
    expect(payChannel(ua, method, all)).toBe(channel);
  });

  it("a page that says nothing gets the QR code (older clients), and a desktop claiming a phone too", () => {
    expect(payChannel(IPHONE, "wechat", { ...all, clientSaysPhone: false })).toBe("qr");
    expect(payChannel(WECHAT, "alipay", { ...all, clientSaysPhone: false })).toBe("qr");
    expect(payChannel(DESKTOP, "wechat", all)).toBe("qr");
  });

  it("a channel the merchant does not have falls back to the QR code", () => {
    expect(payChannel(WECHAT, "wechat", { ...all, available: new Set(["h5"] as const) })).toBe("qr");
    expect(payChannel(IPHONE, "wechat", { ...all, available: new Set(["jsapi"] as const) })).toBe("qr");
  });

  it("the OAuth's way back is one of the pay step's paths", () => {
    expect(safeBack("/pay/ABCD1234?via=wechat")).toBe("/pay/ABCD1234?via=wechat");
    expect(safeBack("/decorate-act")).toBe("/decorate-act");
    for (const bad of ["https://evil.example/", "//evil.example/pay/ABCD1234", "/pay/ABCD1234?via=x", "/login", "", 7])
      expect(safeBack(bad)).toBeNull();
  });
});

describe("phone payment configuration", () => {
  it("JSAPI needs WECHAT_APP_SECRET; H5 and Alipay's mobile-site pay need nothing more", () => {
    const wechat = {
      PAYMENT_PROVIDER: "wechat",
      WECHATPAY_MCHID: "1900000109",
      WECHATPAY_APPID: "wx0000000000000066",
      WECHATPAY_MERCHANT_SERIAL: "ABC",
      WECHATPAY_MERCHANT_PRIVATE_KEY: "key",
      WECHATPAY_APIV3_KEY: "k".repeat(32),
      WECHATPAY_NOTIFY_URL: `${ORIGIN}/api/wechatpay/notify`,
      WECHATPAY_PUBLIC_KEY_ID: "PUB_KEY_ID_1",
      WECHATPAY_PUBLIC_KEY: "pem",
    };
    expect(loadEnv(wechat).WECHATPAY_H5).toBe(true);
    expect(() => loadEnv({ ...wechat, WECHATPAY_JSAPI: "true" })).toThrow(/WECHAT_APP_SECRET/);
    expect(loadEnv({ ...wechat, WECHATPAY_JSAPI: "true", WECHAT_APP_SECRET: "s" }).WECHATPAY_JSAPI).toBe(true);
  });
});

describeEachBackend("paying on a phone (fake gateways)", { app: false }, (ctx) => {
  let wechat: FakeWechatPayGateway;
  let alipay: FakeAlipay;
  let harness: AccountsHarness;
  let session: Session;
  let customerId: number;
  const logLines: string[] = [];

  beforeAll(async () => {
    wechat = await new FakeWechatPayGateway().start();
    alipay = await new FakeAlipay(appKeys.publicKey, APP_ID, SELLER_ID).start();
    harness = await AccountsHarness.build(ctx.database, {
      env: {
        PAYMENT_PROVIDER: "wechat,alipay",
        ...wechat.settings(`${ORIGIN}/api/wechatpay/notify`),
        ...wechat.oauthSettings(),
        ALIPAY_APP_ID: APP_ID,
        ALIPAY_PRIVATE_KEY: appKeys.privateKey,
        ALIPAY_PUBLIC_KEY: alipay.alipayKeys.publicKey,
        ALIPAY_SELLER_ID: SELLER_ID,
        ALIPAY_GATEWAY: alipay.url,
        ALIPAY_NOTIFY_URL: `${ORIGIN}/api/alipay/notify`,
        PUBLIC_ORIGIN: ORIGIN,
        // One proxy in front: the client is the last X-Forwarded-For hop.
        TRUST_PROXY: "1",
        LOG_LEVEL: "debug",
        PAYMENT_RECONCILE_POLL_MS: "3600000",
      },
      logger: createLogger("debug", { write: (line: string) => void logLines.push(line) }),
    });
    session = await harness.login();
    const [row] = await ctx.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.mobile, session.mobile));
    customerId = row?.id ?? 0;
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
    await wechat?.stop();
    await alipay?.stop();
  });

  const db = () => ctx.database.db;

  async function newOrder(totalCents = 23_456): Promise<string> {
    const orderNo = `M${randomBytes(6).toString("hex").toUpperCase()}`;
    const now = new Date();
    await db()
      .insert(orders)
      .values({
        orderNo,
        customerId,
        status: "pending_payment",
        totalCents,
        address: {
          name: "张三",
          phone: session.mobile,
          province: "浙江省",
          city: "杭州市",
          district: "西湖区",
          town: "",
          detail: "文三路 1 号",
        },
        createdAt: now,
        payBefore: new Date(now.getTime() + 30 * 60_000),
      });
    return orderNo;
  }

  /** A precreate as the browser makes it, with its User-Agent, address and cookies. */
  function precreate<T = PrecreateData>(
    query: string,
    {
      ua = IPHONE,
      ip = uniqueIp(),
      cookies = {} as Record<string, string>,
      headers = {} as Record<string, string>,
    } = {},
  ) {
    const options: InjectOptions = {
      method: "GET",
      url: `/api/alipay/precreate?${query}`,
      remoteAddress: ip,
      headers: { "user-agent": ua, "x-csrf-token": session.csrf, ...headers },
      cookies: { token: session.token, csrf: session.csrf, ...cookies },
    };
    return harness.call<T>(options);
  }

  const query = (outTradeNo: string) =>
    harness.call<TradeData>({ method: "GET", url: `/api/alipay/query?out_trade_no=${outTradeNo}` });

  async function paymentOf(outTradeNo: string) {
    const [row] = await db().select().from(payments).where(eq(payments.outTradeNo, outTradeNo));
    return row;
  }

  async function paymentsOf(orderNo: string) {
    const [order] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
    return db()
      .select()
      .from(payments)
      .where(eq(payments.orderId, order?.id ?? 0));
  }

  function setCookie(res: { headers: Record<string, unknown> }, name: string): string | undefined {
    const raw = res.headers["set-cookie"];
    const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
    const hit = all.find((c: string) => c.startsWith(`${name}=`));
    return hit?.slice(name.length + 1).split(";")[0];
  }

  /** The whole OAuth round trip as WeChat's browser makes it; answers the callback's answer and the cookies. */
  async function oauth(back: string) {
    const start = await harness.app.inject({
      method: "GET",
      url: `/api/wechat/oauth?back=${encodeURIComponent(back)}`,
    });
    expect(start.statusCode).toBe(302);
    const location = String(start.headers.location);
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/connect\/oauth2\/authorize\?/);
    expect(location.endsWith("#wechat_redirect")).toBe(true);
    const authorize = new URL(location);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      appid: wechat.merchant.appid,
      redirect_uri: `${ORIGIN}/api/wechat/oauth/callback`,
      response_type: "code",
      scope: "snsapi_base",
    });
    const stateCookie = setCookie(start, OAUTH_STATE_COOKIE) ?? "";
    expect(stateCookie).not.toBe("");
    // WeChat (the fake) answers silently for snsapi_base with the code and our state.
    const wx = await fetch(location, { redirect: "manual" });
    const callback = new URL(String(wx.headers.get("location")));
    expect(callback.origin + callback.pathname).toBe(`${ORIGIN}/api/wechat/oauth/callback`);
    expect(callback.searchParams.get("state")).toBe(authorize.searchParams.get("state"));
    const callbackPath = `${callback.pathname}${callback.search}`;
    const done = await harness.app.inject({
      method: "GET",
      url: callbackPath,
      cookies: { [OAUTH_STATE_COOKIE]: stateCookie },
    });
    return { done, callbackPath, stateCookie, code: callback.searchParams.get("code") ?? "" };
  }

  it("WeChat H5 on a phone: payer_client_ip is the client as the server sees it behind the proxy, h5_url with the way back", async () => {
    const orderNo = await newOrder(23_456);
    const { body } = await precreate(`orderNo=${orderNo}&method=wechat&client=phone`, {
      // A client-made hop first: with TRUST_PROXY=1 only the proxy's last hop is believed.
      headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.7" },
    });
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ provider: "wechat", channel: "h5", qrCode: "", amount: 23_456 });
    const payUrl = new URL(body.data.payUrl ?? "");
    expect(payUrl.origin).toBe(wechat.url);
    expect(payUrl.searchParams.get("redirect_url")).toBe(`${ORIGIN}/pay/${orderNo}?via=wechat`);
    const { outTradeNo } = body.data;
    expect(wechat.phoneTrades.get(outTradeNo)).toMatchObject({ tradeType: "MWEB", clientIp: "203.0.113.7" });
    const [call] = wechat.callsTo("/v3/pay/transactions/h5");
    expect(call?.signatureValid).toBe(true);
    expect(JSON.parse(call?.body ?? "{}")).toMatchObject({
      amount: { total: 23_456 },
      scene_info: { payer_client_ip: "203.0.113.7", h5_info: { type: "Wap" } },
    });
    expect(await paymentOf(outTradeNo)).toMatchObject({ channel: "h5", provider: "wechat", status: "pending" });

    // The developer's pay page: 确认支付, then back to the pay step (WeChat appends nothing).
    const page = await fetch(payUrl, { redirect: "manual" });
    expect(await page.text()).toContain("确认支付");
    const paid = await fetch(`${wechat.url}/fake/h5/pay`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        prepay_id: payUrl.searchParams.get("prepay_id") ?? "",
        redirect_url: payUrl.searchParams.get("redirect_url") ?? "",
      }).toString(),
    });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe(`${ORIGIN}/pay/${orderNo}?via=wechat`);
    // The notify went to a host that is not this test: the page's polling records the payment.
    expect((await query(outTradeNo)).body.data.status).toBe("TRADE_SUCCESS");

    // Back on the pay step, the same precreate answers 已支付, not a second pay page.
    const again = await precreate(`orderNo=${orderNo}&method=wechat&client=phone`);
    expect(again.body).toMatchObject({ code: 0, errorCode: 1100, data: { alreadyPaid: true } });
  });

  it("back from the app before the notify: the trade is asked first and recorded, never handed out again", async () => {
    const orderNo = await newOrder(11_100);
    const first = await precreate(`orderNo=${orderNo}&method=wechat&client=phone`);
    const { outTradeNo } = first.body.data;
    wechat.pay(outTradeNo);
    const h5Calls = wechat.callsTo("/v3/pay/transactions/h5").length;
    const back = await precreate(`orderNo=${orderNo}&method=wechat&client=phone`);
    expect(back.body).toMatchObject({ code: 0, errorCode: 1100, message: "订单已支付", data: { alreadyPaid: true } });
    expect(wechat.callsTo("/v3/pay/transactions/h5")).toHaveLength(h5Calls);
    expect(await paymentOf(outTradeNo)).toMatchObject({ status: "paid" });
  });

  it("a page that does not say it is on a phone, or a desktop, still gets the QR code", async () => {
    const orderNo = await newOrder();
    const old = await precreate(`orderNo=${orderNo}&method=wechat`);
    expect(old.body.data).toMatchObject({ channel: "qr" });
    expect(old.body.data.qrCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const desktop = await precreate(`orderNo=${orderNo}&method=wechat&client=phone`, { ua: DESKTOP });
    expect(desktop.body.data).toMatchObject({ channel: "qr", outTradeNo: old.body.data.outTradeNo });
  });

  it("JSAPI inside WeChat: OAuth first (no trade made), then prepay with the openid and a pay sign that verifies", async () => {
    const orderNo = await newOrder(34_500);
    const ask = await precreate<NeedsWechatOauth>(`orderNo=${orderNo}&method=wechat&client=phone`, { ua: WECHAT });
    expect(ask.body).toMatchObject({ code: 0, errorCode: 1100 });
    expect(ask.body.data.oauthUrl).toBe(`/api/wechat/oauth?back=${encodeURIComponent(`/pay/${orderNo}?via=wechat`)}`);
    expect(await paymentsOf(orderNo)).toHaveLength(0);

    const { done, code } = await oauth(`/pay/${orderNo}?via=wechat`);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`/pay/${orderNo}?via=wechat`);
    const openidCookie = setCookie(done, OPENID_COOKIE) ?? "";
    const openid = wechat.oauthCodes.get(code)?.openid ?? "";
    expect(openid).toMatch(/^o/);
    const raw = ([] as string[]).concat(done.headers["set-cookie"] as string[]).join("\n");
    expect(raw).toMatch(new RegExp(`${OPENID_COOKIE}=[^;]+;.*HttpOnly`, "i"));
    expect(raw).toMatch(new RegExp(`${OPENID_COOKIE}=[^;]+;.*Path=/api`, "i"));
    expect(String(done.headers.location)).not.toContain(openid);

    const { body } = await precreate(`orderNo=${orderNo}&method=wechat&client=phone`, {
      ua: WECHAT,
      cookies: { [OPENID_COOKIE]: openidCookie },
    });
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ channel: "jsapi", qrCode: "", provider: "wechat" });
    const jsapi = body.data.jsapi as JsapiPayParams;
    expect(jsapi).toMatchObject({ appId: wechat.merchant.appid, signType: "RSA" });
    expect(jsapi.package).toMatch(/^prepay_id=wx/);
    const message = `${jsapi.appId}\n${jsapi.timeStamp}\n${jsapi.nonceStr}\n${jsapi.package}\n`;
    expect(
      createVerify("RSA-SHA256")
        .update(message)
        .verify(wechat.merchant.merchantKeys.publicKey, jsapi.paySign, "base64"),
    ).toBe(true);
    // A changed field breaks it: the sign covers what the bridge is given.
    expect(
      createVerify("RSA-SHA256")
        .update(message.replace(jsapi.timeStamp, String(Number(jsapi.timeStamp) + 1)))
        .verify(wechat.merchant.merchantKeys.publicKey, jsapi.paySign, "base64"),
    ).toBe(false);
    const { outTradeNo } = body.data;
    expect(wechat.phoneTrades.get(outTradeNo)).toMatchObject({ tradeType: "JSAPI", openid });
    expect(JSON.parse(wechat.callsTo("/v3/pay/transactions/jsapi")[0]?.body ?? "{}")).toMatchObject({
      payer: { openid },
      amount: { total: 34_500 },
    });
    const row = await paymentOf(outTradeNo);
    expect(row).toMatchObject({ channel: "jsapi" });
    expect(row?.qrCode).not.toContain(openid);

    // getBrandWCPayRequest (the fake checks the pay sign too), then the page's polling.
    const bridge = await fetch(`${wechat.url}/fake/jsapi/pay`, { method: "POST", body: JSON.stringify(jsapi) });
    expect(((await bridge.json()) as { err_msg: string }).err_msg).toBe("get_brand_wcpay_request:ok");
    expect((await query(outTradeNo)).body.data.status).toBe("TRADE_SUCCESS");

    // The openid was never logged (request lines, gateway calls, payment records).
    expect(logLines.join("\n")).not.toContain(openid);
  });

  it("OAuth state: forged, missing, tampered or replayed is refused before any exchange; each code is exchanged once", async () => {
    const first = await oauth("/decorate-act");
    expect(first.done.statusCode).toBe(302);
    const exchanges = wechat.oauthExchanges.length;

    // Replayed: the same callback with the same cookie, after it was used.
    const replay = await harness.app.inject({
      method: "GET",
      url: first.callbackPath,
      cookies: { [OAUTH_STATE_COOKIE]: first.stateCookie },
    });
    expect(replay.statusCode).toBe(400);

    const start = await harness.app.inject({ method: "GET", url: "/api/wechat/oauth?back=%2Fdecorate-act" });
    const stateCookie = setCookie(start, OAUTH_STATE_COOKIE) ?? "";
    const state = new URL(String(start.headers.location)).searchParams.get("state") ?? "";
    const code = wechat.issueCode();
    const forged = await harness.app.inject({
      method: "GET",
      url: `/api/wechat/oauth/callback?code=${code}&state=${state}x`,
      cookies: { [OAUTH_STATE_COOKIE]: stateCookie },
    });
    expect(forged.statusCode).toBe(400);
    const noCookie = await harness.app.inject({
      method: "GET",
      url: `/api/wechat/oauth/callback?code=${code}&state=${state}`,
    });
    expect(noCookie.statusCode).toBe(400);
    // Another way back, signed by nobody.
    const [nonce, , expires, mac] = stateCookie.split(".");
    const evil = Buffer.from("//evil.example/").toString("base64url");
    const tampered = await harness.app.inject({
      method: "GET",
      url: `/api/wechat/oauth/callback?code=${code}&state=${state}`,
      cookies: { [OAUTH_STATE_COOKIE]: `${nonce}.${evil}.${expires}.${mac}` },
    });
    expect(tampered.statusCode).toBe(400);
    expect(wechat.oauthExchanges).toHaveLength(exchanges);
    expect(wechat.oauthCodes.get(code)?.used).toBe(false);

    // The way in refuses a way back that is not the pay step's.
    for (const back of ["https://evil.example/", "//evil.example", "/login"]) {
      const refused = await harness.app.inject({
        method: "GET",
        url: `/api/wechat/oauth?back=${encodeURIComponent(back)}`,
      });
      expect(refused.statusCode).toBe(400);
    }
  });

  it("a planted openid cookie is not believed: the visitor goes through OAuth", async () => {
    const orderNo = await newOrder();
    const planted = `${Buffer.from("oPLANTED0000000000000000000").toString("base64url")}.bm90LWEtbWFj`;
    const { body } = await precreate<NeedsWechatOauth>(`orderNo=${orderNo}&method=wechat&client=phone`, {
      ua: WECHAT,
      cookies: { [OPENID_COOKIE]: planted },
    });
    expect(body).toMatchObject({ code: 0, errorCode: 1100 });
    expect(body.data.oauthUrl).toMatch(/^\/api\/wechat\/oauth\?back=/);
  });

  it("Alipay inside WeChat is refused with the words to show, and makes no trade", async () => {
    const orderNo = await newOrder();
    const { body } = await precreate(`orderNo=${orderNo}&method=alipay&client=phone`, { ua: WECHAT });
    expect(body).toMatchObject({ code: 0, errorCode: 1100, message: "请在浏览器中打开以使用支付宝" });
    expect(await paymentsOf(orderNo)).toHaveLength(0);
  });

  it("Alipay's mobile-site pay: a signed GET URL, return_url the shop's pay step whatever the request adds", async () => {
    const orderNo = await newOrder(45_600);
    const { body } = await precreate(
      `orderNo=${orderNo}&method=alipay&client=phone&return_url=${encodeURIComponent("https://evil.example/")}`,
      { ua: ANDROID },
    );
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ provider: "alipay", channel: "wap", qrCode: "", amount: 45_600 });
    const payUrl = new URL(body.data.payUrl ?? "");
    expect(payUrl.origin + payUrl.pathname).toBe(alipay.url);
    expect(payUrl.searchParams.get("method")).toBe("alipay.trade.wap.pay");
    expect(payUrl.searchParams.get("return_url")).toBe(`${ORIGIN}/pay/${orderNo}?via=alipay`);
    expect(payUrl.searchParams.get("notify_url")).toBe(`${ORIGIN}/api/alipay/notify`);
    const biz = JSON.parse(payUrl.searchParams.get("biz_content") ?? "{}") as Record<string, string>;
    expect(biz).toMatchObject({
      out_trade_no: body.data.outTradeNo,
      total_amount: "456.00",
      product_code: "QUICK_WAP_WAY",
    });
    expect(await paymentOf(body.data.outTradeNo)).toMatchObject({ channel: "wap", provider: "alipay" });

    // A tampered URL (another amount) fails Alipay's signature check.
    const tampered = new URL(payUrl);
    tampered.searchParams.set("biz_content", JSON.stringify({ ...biz, total_amount: "0.01" }));
    const refused = await fetch(tampered);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("验签出错");

    const page = await fetch(payUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("确认付款");
    expect(alipay.callsOf("alipay.trade.wap.pay").at(-1)?.signatureValid).toBe(true);
    const paid = await fetch(new URL("/fake/wap/pay", alipay.url), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `out_trade_no=${body.data.outTradeNo}`,
    });
    expect(String(paid.headers.get("location")).startsWith(`${ORIGIN}/pay/${orderNo}?via=alipay&`)).toBe(true);
    expect((await query(body.data.outTradeNo)).body.data.status).toBe("TRADE_SUCCESS");
  });

  it("the deposit on a phone returns to the activity page with its trade", async () => {
    const mobile = uniquePhone("136");
    const entered = await harness.call({
      method: "POST",
      url: "/api/customers/denominate",
      payload: { phone: mobile, content: "悦享家", consent: true },
      remoteAddress: uniqueIp(),
    });
    expect(entered.body.code).toBe(1);
    const { body } = await precreate(
      `name=${encodeURIComponent("悦享家")}&mobile=${mobile}&method=alipay&client=phone`,
    );
    expect(body.data).toMatchObject({ channel: "wap", subject: "活动定金" });
    expect(new URL(body.data.payUrl ?? "").searchParams.get("return_url")).toBe(
      `${ORIGIN}/decorate-act?trade=${body.data.outTradeNo}`,
    );
  });

  it("switching method or device closes the other pending trade whatever its channel, at the provider and here", async () => {
    const orderNo = await newOrder(56_700);
    const qr = await precreate(`orderNo=${orderNo}&method=wechat`, { ua: DESKTOP });
    const h5 = await precreate(`orderNo=${orderNo}&method=wechat&client=phone`);
    expect(h5.body.data.outTradeNo).not.toBe(qr.body.data.outTradeNo);
    expect(wechat.trades.get(qr.body.data.outTradeNo)?.state).toBe("CLOSED");
    expect(await paymentOf(qr.body.data.outTradeNo)).toMatchObject({ status: "closed" });

    const wap = await precreate(`orderNo=${orderNo}&method=alipay&client=phone`);
    expect(wap.body.data.channel).toBe("wap");
    expect(wechat.trades.get(h5.body.data.outTradeNo)?.state).toBe("CLOSED");
    expect(await paymentOf(h5.body.data.outTradeNo)).toMatchObject({ status: "closed" });
    const pending = (await paymentsOf(orderNo)).filter((p) => p.status === "pending");
    expect(pending.map((p) => p.outTradeNo)).toEqual([wap.body.data.outTradeNo]);

    // Back to WeChat on the phone: a new H5 trade (the closed one cannot be paid), the wap one closed here
    // (Alipay never created it: nobody opened its page, which counts as closed).
    const h5Again = await precreate(`orderNo=${orderNo}&method=wechat&client=phone`);
    expect(h5Again.body.data.outTradeNo).not.toBe(h5.body.data.outTradeNo);
    expect(await paymentOf(wap.body.data.outTradeNo)).toMatchObject({ status: "closed" });
  });
});
