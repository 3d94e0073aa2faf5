// SMS providers: the real SDKs against local fakes that check the business parameters of each request
// (signatures are not verified); failures and timeouts give a prompt Chinese error and no retry (R15).
// The console provider writes one JSON line with the masked phone and the code.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { ErrorCode } from "@yj/contract";
import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { AppError } from "../src/lib/errors.js";
import { createLogger } from "../src/lib/logger.js";
import { AliyunSmsProvider } from "../src/providers/sms/aliyun-sms-provider.js";
import { SMS_FAILED_MESSAGE, SMS_TIMEOUT_MESSAGE, type SmsProvider } from "../src/providers/sms/sms-provider.js";
import { TencentSmsProvider } from "../src/providers/sms/tencent-sms-provider.js";
import { uniquePhone } from "./accounts-fixtures.js";
import { createTestDatabase, type TestDatabase, testEnv } from "./helper.js";

interface SeenRequest {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A local HTTP endpoint that records requests and answers as the test says (or never). */
class FakeGateway {
  readonly seen: SeenRequest[] = [];
  answer: ((req: SeenRequest, res: ServerResponse) => void) | "hang" = () => {};
  private readonly server: Server;

  constructor() {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const seen = {
        method: req.method ?? "",
        url: new URL(req.url ?? "/", "http://fake"),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      this.seen.push(seen);
      if (this.answer !== "hang") this.answer(seen, res);
    });
  }

  async start(): Promise<string> {
    this.server.listen(0, "127.0.0.1");
    await once(this.server, "listening");
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  json(status: number, body: unknown) {
    this.answer = (_req, res) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  }

  async stop() {
    this.server.closeAllConnections();
    this.server.close();
  }
}

const silent = pino({ level: "silent" }) as FastifyBaseLogger;
/**
 * Two deadlines: the timeout cases use a short one (a hanging gateway always takes all of it), every
 * other case a long one, so that a loaded machine's slow first request is never taken for a timeout.
 */
const TIMEOUT_MS = 300;
const PATIENT_MS = 15_000;
/** "Promptly": the short deadline plus room for a loaded machine, still far below the SDKs' own (10 s and more). */
const PROMPTLY_MS = TIMEOUT_MS + 4000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Expects `send` to fail with the upstream kind and `message`, and returns how long it took. */
/**
 * The SDK loads at the first send (P8) and its first request runs cold code; on a busy machine that
 * alone can pass the tests' short deadline. One send, whatever it answers, before the checks.
 */
async function warmUp(fake: FakeGateway, provider: SmsProvider, ok: unknown): Promise<void> {
  fake.json(200, ok);
  await provider.send("13800138000", "000000").catch(() => undefined);
  fake.seen.length = 0;
}

async function expectUpstreamError(send: Promise<void>, message: string): Promise<number> {
  const started = performance.now();
  const error = await send.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ kind: "upstream", message });
  return performance.now() - started;
}

interface Gateway {
  fake: FakeGateway;
  /** A provider with a deadline far longer than any answer (the success and refusal cases). */
  provider: SmsProvider;
  /** One with the short deadline, for the timeout case. */
  hasty: SmsProvider;
}

/**
 * A provider's suite against a fake gateway: `make` builds the provider on the fake's address with
 * a deadline; `ok` is the gateway's success answer (the warm-up's). Every gateway shares the timeout
 * case: a hanging gateway times out promptly and is not retried.
 */
function describeSmsGateway(
  name: string,
  make: (endpoint: string, timeoutMs: number) => SmsProvider,
  ok: unknown,
  cases: (gateway: Gateway) => void,
): void {
  describe(name, () => {
    const gateway = { fake: new FakeGateway() } as Gateway;
    beforeAll(async () => {
      const endpoint = await gateway.fake.start();
      gateway.provider = make(endpoint, PATIENT_MS);
      gateway.hasty = make(endpoint, TIMEOUT_MS);
      await warmUp(gateway.fake, gateway.provider, ok);
    });
    afterEach(() => {
      gateway.fake.seen.length = 0;
    });
    afterAll(() => gateway.fake.stop());

    cases(gateway);

    it("a gateway that does not answer times out promptly and is not retried", async () => {
      gateway.fake.answer = "hang";
      const took = await expectUpstreamError(gateway.hasty.send("13800138000", "222222"), SMS_TIMEOUT_MESSAGE);
      expect(took).toBeLessThan(PROMPTLY_MS);
      await sleep(TIMEOUT_MS + 2000); // past the SDK's own deadline: a retry would have arrived by now
      expect(gateway.fake.seen).toHaveLength(1);
    });
  });
}

describeSmsGateway(
  "Aliyun SMS provider (SendSms 2017-05-25)",
  (endpoint, timeoutMs) =>
    new AliyunSmsProvider(
      {
        accessKeyId: "test-key-id",
        accessKeySecret: "test-key-secret",
        signName: "悦家整装",
        templateCode: "SMS_123456789",
        regionId: "cn-hangzhou",
        endpoint,
        timeoutMs,
      },
      silent,
    ),
  { Code: "OK", Message: "OK", BizId: "1^0", RequestId: "W" },
  (gateway) => {
    const { fake } = gateway; // the provider is made before the first case, not yet
    it("sends the phone, sign name, template and code", async () => {
      fake.json(200, { Code: "OK", Message: "OK", BizId: "900619746936498440^0", RequestId: "F655A8D5" });
      await gateway.provider.send("13800138000", "042917");
      expect(fake.seen).toHaveLength(1);
      const [req] = fake.seen;
      expect(req?.method).toBe("POST");
      expect(req?.headers["x-acs-action"]).toBe("SendSms");
      expect(req?.headers["x-acs-version"]).toBe("2017-05-25");
      expect(req?.headers.authorization).toMatch(/^ACS3-HMAC-SHA256 Credential=test-key-id,/);
      const params = req?.url.searchParams;
      expect(params?.get("PhoneNumbers")).toBe("13800138000");
      expect(params?.get("SignName")).toBe("悦家整装");
      expect(params?.get("TemplateCode")).toBe("SMS_123456789");
      expect(JSON.parse(params?.get("TemplateParam") ?? "{}")).toEqual({ code: "042917" });
    });

    it("a refusal by the gateway is a clear Chinese error", async () => {
      fake.json(200, { Code: "isv.BUSINESS_LIMIT_CONTROL", Message: "触发分钟级流控Permits:1", RequestId: "A1" });
      await expectUpstreamError(gateway.provider.send("13800138000", "111111"), SMS_FAILED_MESSAGE);
      fake.json(400, {
        Code: "InvalidAccessKeyId.NotFound",
        Message: "Specified access key is not found.",
        RequestId: "A2",
      });
      await expectUpstreamError(gateway.provider.send("13800138000", "111111"), SMS_FAILED_MESSAGE);
      fake.json(500, { Code: "InternalError", Message: "The request processing has failed.", RequestId: "A3" });
      await expectUpstreamError(gateway.provider.send("13800138000", "111111"), SMS_FAILED_MESSAGE);
      expect(fake.seen).toHaveLength(3);
    });
  },
);

const tencentStatus = (code: string, message: string) => ({
  Response: {
    SendStatusSet: [
      { SerialNo: "2028:1", PhoneNumber: "+8613800138000", Fee: 1, Code: code, Message: message, IsoCode: "CN" },
    ],
    RequestId: "a0aabda6",
  },
});

describeSmsGateway(
  "Tencent Cloud SMS provider (SendSms 2021-01-11)",
  (endpoint, timeoutMs) =>
    new TencentSmsProvider(
      {
        secretId: "test-secret-id",
        secretKey: "test-secret-key",
        sdkAppId: "1400000001",
        signName: "悦家整装",
        templateId: "1234567",
        region: "ap-guangzhou",
        endpoint,
        timeoutMs,
      },
      silent,
    ),
  { Response: { SendStatusSet: [{ SerialNo: "1", PhoneNumber: "+8613800138000", Code: "Ok", Message: "ok" }] } },
  (gateway) => {
    const { fake } = gateway; // the provider is made before the first case, not yet
    it("sends the phone, app id, sign name, template and code", async () => {
      fake.json(200, tencentStatus("Ok", "send success"));
      await gateway.provider.send("13800138000", "042917");
      expect(fake.seen).toHaveLength(1);
      const [req] = fake.seen;
      expect(req?.method).toBe("POST");
      expect(req?.headers["x-tc-action"]).toBe("SendSms");
      expect(req?.headers["x-tc-version"]).toBe("2021-01-11");
      expect(req?.headers["x-tc-region"]).toBe("ap-guangzhou");
      expect(req?.headers.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=test-secret-id\//);
      expect(JSON.parse(req?.body ?? "{}")).toEqual({
        PhoneNumberSet: ["+8613800138000"],
        SmsSdkAppId: "1400000001",
        SignName: "悦家整装",
        TemplateId: "1234567",
        TemplateParamSet: ["042917"],
      });
    });

    it("a refusal by the gateway is a clear Chinese error", async () => {
      fake.json(
        200,
        tencentStatus(
          "LimitExceeded.PhoneNumberDailyLimit",
          "the number of sms messages sent daily exceeds the upper limit",
        ),
      );
      await expectUpstreamError(gateway.provider.send("13800138000", "111111"), SMS_FAILED_MESSAGE);
      fake.json(200, {
        Response: { Error: { Code: "AuthFailure.SignatureFailure", Message: "signature failure" }, RequestId: "b1" },
      });
      await expectUpstreamError(gateway.provider.send("13800138000", "111111"), SMS_FAILED_MESSAGE);
      fake.json(502, { message: "bad gateway" });
      await expectUpstreamError(gateway.provider.send("13800138000", "111111"), SMS_FAILED_MESSAGE);
      expect(fake.seen).toHaveLength(3);
    });
  },
);

describe("SMS provider chosen by SMS_PROVIDER, through the API", () => {
  let testDb: TestDatabase;
  const aliyun = new FakeGateway();
  const tencent = new FakeGateway();
  const endpoints = { aliyun: "", tencent: "" };
  beforeAll(async () => {
    testDb = await createTestDatabase("pglite", { seed: false });
    endpoints.aliyun = await aliyun.start();
    endpoints.tencent = await tencent.start();
  }, 60_000);
  afterAll(async () => {
    await aliyun.stop();
    await tencent.stop();
    await testDb?.database.close();
  });

  const envFor = (provider: "aliyun" | "tencent", timeoutMs: number): Record<string, string> =>
    provider === "aliyun"
      ? {
          SMS_PROVIDER: "aliyun",
          ALIYUN_SMS_ACCESS_KEY_ID: "id",
          ALIYUN_SMS_ACCESS_KEY_SECRET: "secret",
          ALIYUN_SMS_SIGN_NAME: "悦家整装",
          ALIYUN_SMS_TEMPLATE_CODE: "SMS_1",
          ALIYUN_SMS_ENDPOINT: endpoints.aliyun,
          SMS_TIMEOUT_MS: String(timeoutMs),
        }
      : {
          SMS_PROVIDER: "tencent",
          TENCENT_SMS_SECRET_ID: "id",
          TENCENT_SMS_SECRET_KEY: "secret",
          TENCENT_SMS_SDK_APP_ID: "1400000001",
          TENCENT_SMS_SIGN_NAME: "悦家整装",
          TENCENT_SMS_TEMPLATE_ID: "1",
          TENCENT_SMS_ENDPOINT: endpoints.tencent,
          SMS_TIMEOUT_MS: String(timeoutMs),
        };

  for (const [name, fake, ok, refusal] of [
    ["aliyun", aliyun, { Code: "OK", Message: "OK" }, { Code: "isv.MOBILE_NUMBER_ILLEGAL", Message: "非法手机号" }],
    [
      "tencent",
      tencent,
      { Response: { SendStatusSet: [{ Code: "Ok", Message: "send success" }], RequestId: "r" } },
      {
        Response: {
          SendStatusSet: [{ Code: "FailedOperation.PhoneNumberInBlacklist", Message: "blacklist" }],
          RequestId: "r",
        },
      },
    ],
  ] as const) {
    it(`${name}: success answers 验证码发送成功; a failure and a timeout answer a clear error envelope`, async () => {
      const appWith = (timeoutMs: number) =>
        buildApp({ env: testEnv(envFor(name, timeoutMs)), database: testDb.database, serveWeb: false });
      const app = await appWith(PATIENT_MS);
      const hasty = await appWith(TIMEOUT_MS);
      try {
        const sendThrough = async (through: typeof app, phone: string) =>
          (await through.inject({ method: "GET", url: `/api/customers/getVerificationCode?phone=${phone}` })).json();
        const send = (phone: string) => sendThrough(app, phone);
        fake.json(200, ok);
        expect(await send(uniquePhone())).toEqual({ code: 1, message: "验证码发送成功", data: null });
        fake.json(200, refusal);
        expect(await send(uniquePhone())).toEqual({
          code: 0,
          message: SMS_FAILED_MESSAGE,
          data: null,
          errorCode: ErrorCode.UPSTREAM,
        });
        fake.answer = "hang";
        fake.seen.length = 0;
        const started = performance.now();
        const slowPhone = uniquePhone();
        expect(await sendThrough(hasty, slowPhone)).toEqual({
          code: 0,
          message: SMS_TIMEOUT_MESSAGE,
          data: null,
          errorCode: ErrorCode.UPSTREAM,
        });
        expect(performance.now() - started).toBeLessThan(PROMPTLY_MS);
        // The message may still arrive: an immediate resend is throttled, not sent twice (R15).
        expect((await sendThrough(hasty, slowPhone)).errorCode).toBe(ErrorCode.RATE_LIMITED);
        expect(fake.seen).toHaveLength(1);
      } finally {
        await app.close();
        await hasty.close();
      }
    });
  }

  it("console (the development default) writes one JSON line with the masked phone and the code, and no token is ever logged", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const app = await buildApp({
      env: testEnv({ LOG_LEVEL: "info" }),
      database: testDb.database,
      logger: createLogger("info", sink),
      serveWeb: false,
    });
    try {
      const phone = uniquePhone();
      await app.inject({ method: "GET", url: `/api/customers/getVerificationCode?phone=${phone}` });
      const codeLines = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => "smsCode" in l);
      expect(codeLines).toHaveLength(1);
      const [line] = codeLines;
      expect(line?.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
      expect(String(line?.smsCode)).toMatch(/^\d{6}$/);
      expect(lines.join("\n")).not.toContain(phone);

      const login = await app.inject({
        method: "POST",
        url: "/api/customers/register",
        payload: { mobile: phone, code: String(line?.smsCode) },
      });
      const { token } = (login.json() as { data: { token: string } }).data;
      await app.inject({ method: "GET", url: "/api/customers/me", headers: { authorization: `Bearer ${token}` } });
      await app.inject({ method: "GET", url: "/api/customers/me", cookies: { token } });
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.join("\n")).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});
