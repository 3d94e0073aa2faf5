// Accounts configuration fails fast (config/env.ts): production needs a code-hash secret, a real SMS
// provider (or an explicit opt-in to the console one) and an explicit TRUST_PROXY, and a chosen
// provider needs its settings.
import { describe, expect, it } from "vitest";
import { loadEnv } from "../src/config/env.js";

const SECRET = "0123456789abcdef0123456789abcdef";
/** Production settings other than the one a test is about. */
const PROXY = {
  TRUST_PROXY: "1",
  PUBLIC_ORIGIN: "https://shop.example.cn",
  PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
  DATABASE_URL: "postgres://shop@db:5432/shop",
};
const ALIYUN = {
  SMS_PROVIDER: "aliyun",
  ALIYUN_SMS_ACCESS_KEY_ID: "id",
  ALIYUN_SMS_ACCESS_KEY_SECRET: "secret",
  ALIYUN_SMS_SIGN_NAME: "悦家整装",
  ALIYUN_SMS_TEMPLATE_CODE: "SMS_1",
};

describe("accounts configuration", () => {
  it("development needs nothing: console provider and a fixed development secret", () => {
    const env = loadEnv({});
    expect(env.SMS_PROVIDER).toBe("console");
    expect(env.CODE_HASH_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("production refuses to start without CODE_HASH_SECRET", () => {
    expect(() => loadEnv({ NODE_ENV: "production", ...PROXY, ...ALIYUN })).toThrow(/CODE_HASH_SECRET/);
    expect(() => loadEnv({ NODE_ENV: "production", ...PROXY, ...ALIYUN, CODE_HASH_SECRET: "short" })).toThrow(
      /CODE_HASH_SECRET/,
    );
    expect(loadEnv({ NODE_ENV: "production", ...PROXY, ...ALIYUN, CODE_HASH_SECRET: SECRET }).CODE_HASH_SECRET).toBe(
      SECRET,
    );
  });

  it("production refuses the console provider unless SMS_ALLOW_CONSOLE_IN_PRODUCTION=true", () => {
    expect(() => loadEnv({ NODE_ENV: "production", ...PROXY, CODE_HASH_SECRET: SECRET })).toThrow(/SMS_PROVIDER/);
    expect(() =>
      loadEnv({ NODE_ENV: "production", ...PROXY, CODE_HASH_SECRET: SECRET, SMS_PROVIDER: "console" }),
    ).toThrow(/SMS_PROVIDER/);
    const allowed = loadEnv({
      NODE_ENV: "production",
      ...PROXY,
      CODE_HASH_SECRET: SECRET,
      SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
    });
    expect(allowed.SMS_PROVIDER).toBe("console");
  });

  it("production refuses to start until TRUST_PROXY says whether a proxy is in front (per-IP limits)", () => {
    const production = {
      NODE_ENV: "production",
      CODE_HASH_SECRET: SECRET,
      PUBLIC_ORIGIN: "https://shop.example.cn",
      PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
      DATA_DIR: "/var/lib/yj",
      ...ALIYUN,
    };
    let message = "";
    try {
      loadEnv(production);
    } catch (error) {
      message = (error as Error).message;
    }
    // Named, in Chinese and in English, with both ways to answer.
    expect(message).toMatch(/TRUST_PROXY/);
    expect(message).toMatch(/生产环境必须设置/);
    expect(message).toMatch(/is required in production/);
    expect(message).toMatch(/TRUST_PROXY=0/);
    expect(() => loadEnv({ ...production, TRUST_PROXY: "" })).toThrow(/TRUST_PROXY/);
    // Behind one load balancer; several; or none, when clients connect to the server directly.
    expect(loadEnv({ ...production, TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ ...production, TRUST_PROXY: "10.0.0.0/8,192.168.1.1" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.1",
    ]);
    expect(loadEnv({ ...production, TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
    // Outside production the socket address is the client unless told otherwise.
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
  });

  it("a chosen provider needs its settings", () => {
    expect(() => loadEnv({ SMS_PROVIDER: "aliyun" })).toThrow(/ALIYUN_SMS_ACCESS_KEY_ID/);
    expect(() => loadEnv({ SMS_PROVIDER: "tencent", TENCENT_SMS_SECRET_ID: "x" })).toThrow(/TENCENT_SMS_SDK_APP_ID/);
    expect(loadEnv(ALIYUN).ALIYUN_SMS_ENDPOINT).toBe("dysmsapi.aliyuncs.com");
    expect(() => loadEnv({ SMS_PROVIDER: "sendgrid" })).toThrow(/SMS_PROVIDER/);
  });
});
