// The configuration check at start (ADR 0032): in production every missing or wrong variable is
// named at once, each with what to set, and the process refuses to start; modules add their own checks.
import { describe, expect, it } from "vitest";
import { type ConfigCheck, DEVELOPMENT_CODE_HASH_SECRET, runConfigChecks } from "../src/config/checks.js";
import { ConfigError, loadEnv } from "../src/config/env.js";

const GOOD_PRODUCTION = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://shop:pw@db:5432/shop",
  REDIS_URL: "redis://redis:6379",
  TRUST_PROXY: "1",
  CODE_HASH_SECRET: "0123456789abcdef0123456789abcdef",
  SMS_PROVIDER: "tencent",
  TENCENT_SMS_SECRET_ID: "id",
  TENCENT_SMS_SECRET_KEY: "key",
  TENCENT_SMS_SDK_APP_ID: "1400000000",
  TENCENT_SMS_SIGN_NAME: "悦家整装",
  TENCENT_SMS_TEMPLATE_ID: "100",
  WECOM_WEBHOOK_URL: "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k",
  ADMIN_BASE_URL: "https://shop.example.cn",
  PUBLIC_ORIGIN: "https://shop.example.cn",
  PAYMENT_PROVIDER: "alipay",
  ALIPAY_APP_ID: "2021000000000000",
  ALIPAY_PRIVATE_KEY: "app-private-key",
  ALIPAY_PUBLIC_KEY: "alipay-public-key",
  ALIPAY_SELLER_ID: "2088000000000000",
  ALIPAY_NOTIFY_URL: "https://shop.example.cn/api/alipay/notify",
};

function problemsOf(env: Record<string, string>): { name: string; message: string }[] {
  try {
    loadEnv(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}

describe("configuration check at start", () => {
  it("accepts a complete production configuration", () => {
    const env = loadEnv(GOOD_PRODUCTION);
    expect(env.DATABASE_URL).toBe(GOOD_PRODUCTION.DATABASE_URL);
    expect(env.SHUTDOWN_DRAIN_MS).toBe(5000);
    expect(env.METRICS).toBe(true);
  });

  it("lists every problem of an empty production configuration at once, each with what to set", () => {
    const problems = problemsOf({ NODE_ENV: "production" });
    expect(problems.map((p) => p.name).sort()).toEqual(
      ["CODE_HASH_SECRET", "DATABASE_URL", "PAYMENT_PROVIDER", "PUBLIC_ORIGIN", "SMS_PROVIDER", "TRUST_PROXY"].sort(),
    );
    for (const problem of problems) expect(problem.message.length).toBeGreaterThan(20);
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/Invalid environment configuration \(6\)/);
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/配置有误，无法启动/);
  });

  it("reports format errors and cross-variable problems together (not one restart per mistake)", () => {
    const problems = problemsOf({
      ...GOOD_PRODUCTION,
      PORT: "http",
      DATABASE_URL: "mysql://shop@db/shop",
      REDIS_URL: "http://redis:6379",
      TENCENT_SMS_SECRET_KEY: "",
      ADMIN_BASE_URL: "",
      METRICS_TOKEN: "short",
    });
    expect(problems.map((p) => p.name).sort()).toEqual(
      ["ADMIN_BASE_URL", "DATABASE_URL", "METRICS_TOKEN", "PORT", "REDIS_URL", "TENCENT_SMS_SECRET_KEY"].sort(),
    );
    expect(problems.find((p) => p.name === "DATABASE_URL")?.message).toMatch(/postgres:\/\//);
    expect(problems.find((p) => p.name === "TENCENT_SMS_SECRET_KEY")?.message).toMatch(/SMS_PROVIDER=tencent/);
  });

  it("names a variable with a wrong format once, for its format", () => {
    const problems = problemsOf({ ...GOOD_PRODUCTION, CODE_HASH_SECRET: "short" });
    expect(problems).toEqual([{ name: "CODE_HASH_SECRET", message: "must be at least 32 characters" }]);
  });

  it("refuses the development code key in production", () => {
    const problems = problemsOf({ ...GOOD_PRODUCTION, CODE_HASH_SECRET: DEVELOPMENT_CODE_HASH_SECRET });
    expect(problems.map((p) => p.name)).toEqual(["CODE_HASH_SECRET"]);
  });

  it("runs the embedded database in production only when DATA_DIR chooses it", () => {
    const { DATABASE_URL: _, ...withoutUrl } = GOOD_PRODUCTION;
    expect(problemsOf(withoutUrl).map((p) => p.name)).toEqual(["DATABASE_URL"]);
    expect(problemsOf({ ...withoutUrl, DATA_DIR: "/var/lib/yuejia" })).toEqual([]);
  });

  it("keeps R3's minute between codes in production: the shorter interval is for test rigs only (ADR 0079)", () => {
    expect(problemsOf({ ...GOOD_PRODUCTION, SMS_CODE_INTERVAL_SECONDS: "1" })).toEqual([
      {
        name: "SMS_CODE_INTERVAL_SECONDS",
        message: "is for test rigs only; production keeps one code per phone per 60 s (R3): unset it",
      },
    ]);
    // Even the minute itself, set explicitly, is refused: production has no such knob.
    expect(problemsOf({ ...GOOD_PRODUCTION, SMS_CODE_INTERVAL_SECONDS: "60" }).map((p) => p.name)).toEqual([
      "SMS_CODE_INTERVAL_SECONDS",
    ]);
    expect(loadEnv({ NODE_ENV: "test", SMS_CODE_INTERVAL_SECONDS: "1" }).SMS_CODE_INTERVAL_SECONDS).toBe(1);
    expect(loadEnv({}).SMS_CODE_INTERVAL_SECONDS).toBe(60);
    expect(problemsOf({ NODE_ENV: "test", SMS_CODE_INTERVAL_SECONDS: "0" }).map((p) => p.name)).toEqual([
      "SMS_CODE_INTERVAL_SECONDS",
    ]);
  });

  it("development and tests need nothing", () => {
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ NODE_ENV: "test" })).toEqual([]);
    expect(loadEnv({}).SHUTDOWN_DRAIN_MS).toBe(0);
  });

  it("takes further checks from modules: Alipay's keys when it takes the payments", () => {
    const { ALIPAY_APP_ID: _appId, ...withoutAppId } = GOOD_PRODUCTION;
    expect(problemsOf(withoutAppId)).toEqual([
      { name: "ALIPAY_APP_ID", message: "is required when PAYMENT_PROVIDER=alipay" },
    ]);
    const custom: ConfigCheck = (env) => (env.SHOP_FLAG ? [] : [{ name: "SHOP_FLAG", message: "is required here" }]);
    expect(runConfigChecks(GOOD_PRODUCTION, [custom])).toEqual([{ name: "SHOP_FLAG", message: "is required here" }]);
  });
});
