// Picks the SMS provider named by SMS_PROVIDER. config/env.ts has already checked that the chosen
// provider's settings are present and that production does not fall back to the console.
import type { FastifyBaseLogger } from "fastify";
import type { Env } from "../../config/env.js";
import { AliyunSmsProvider } from "./aliyun-sms-provider.js";
import { ConsoleSmsProvider } from "./console-sms-provider.js";
import type { SmsProvider } from "./sms-provider.js";
import { TencentSmsProvider } from "./tencent-sms-provider.js";

export function createSmsProvider(env: Env, logger: FastifyBaseLogger): SmsProvider {
  switch (env.SMS_PROVIDER) {
    case "aliyun":
      return new AliyunSmsProvider(
        {
          accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID ?? "",
          accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET ?? "",
          signName: env.ALIYUN_SMS_SIGN_NAME ?? "",
          templateCode: env.ALIYUN_SMS_TEMPLATE_CODE ?? "",
          regionId: env.ALIYUN_SMS_REGION,
          endpoint: env.ALIYUN_SMS_ENDPOINT,
          timeoutMs: env.SMS_TIMEOUT_MS,
        },
        logger,
      );
    case "tencent":
      return new TencentSmsProvider(
        {
          secretId: env.TENCENT_SMS_SECRET_ID ?? "",
          secretKey: env.TENCENT_SMS_SECRET_KEY ?? "",
          sdkAppId: env.TENCENT_SMS_SDK_APP_ID ?? "",
          signName: env.TENCENT_SMS_SIGN_NAME ?? "",
          templateId: env.TENCENT_SMS_TEMPLATE_ID ?? "",
          region: env.TENCENT_SMS_REGION,
          endpoint: env.TENCENT_SMS_ENDPOINT,
          timeoutMs: env.SMS_TIMEOUT_MS,
        },
        logger,
      );
    case "console":
      return new ConsoleSmsProvider(logger);
  }
}
