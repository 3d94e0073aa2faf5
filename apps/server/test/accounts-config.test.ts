// Accounts configuration fails fast (config/env.ts): production needs a code-hash secret and a real
// SMS provider (or an explicit opt-in to the console one), and a chosen provider needs its settings.
import { describe, expect, it } from "vitest";
import { loadEnv } from "../src/config/env.js";

const SECRET = "0123456789abcdef0123456789abcdef";
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
    expect(() => loadEnv({ NODE_ENV: "production", ...ALIYUN })).toThrow(/CODE_HASH_SECRET/);
    expect(() => loadEnv({ NODE_ENV: "production", ...ALIYUN, CODE_HASH_SECRET: "short" })).toThrow(/CODE_HASH_SECRET/);
    expect(loadEnv({ NODE_ENV: "production", ...ALIYUN, CODE_HASH_SECRET: SECRET }).CODE_HASH_SECRET).toBe(SECRET);
  });

  it("production refuses the console provider unless SMS_ALLOW_CONSOLE_IN_PRODUCTION=true", () => {
    expect(() => loadEnv({ NODE_ENV: "production", CODE_HASH_SECRET: SECRET })).toThrow(/SMS_PROVIDER/);
    expect(() => loadEnv({ NODE_ENV: "production", CODE_HASH_SECRET: SECRET, SMS_PROVIDER: "console" })).toThrow(
      /SMS_PROVIDER/,
    );
    const allowed = loadEnv({
      NODE_ENV: "production",
      CODE_HASH_SECRET: SECRET,
      SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
    });
    expect(allowed.SMS_PROVIDER).toBe("console");
  });

  it("a chosen provider needs its settings", () => {
    expect(() => loadEnv({ SMS_PROVIDER: "aliyun" })).toThrow(/ALIYUN_SMS_ACCESS_KEY_ID/);
    expect(() => loadEnv({ SMS_PROVIDER: "tencent", TENCENT_SMS_SECRET_ID: "x" })).toThrow(/TENCENT_SMS_SDK_APP_ID/);
    expect(loadEnv(ALIYUN).ALIYUN_SMS_ENDPOINT).toBe("dysmsapi.aliyuncs.com");
    expect(() => loadEnv({ SMS_PROVIDER: "sendgrid" })).toThrow(/SMS_PROVIDER/);
  });
});
