// Tencent Cloud (腾讯云短信, SMS 2021-01-11 SendSms) through the official SDK, loaded at the first send:
// loading it costs start-up time (P8) a server on another provider should not pay.
import type * as TencentSms from "tencentcloud-sdk-nodejs-sms";
import { SdkSmsProvider } from "./sdk-sms-provider.js";
import { withTimeout } from "./sms-provider.js";

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
  /** sms.tencentcloudapi.com, or http://127.0.0.1:port for a local fake. */
  endpoint: string;
  timeoutMs: number;
}

type SmsClient = InstanceType<typeof TencentSms.sms.v20210111.Client>;

export class TencentSmsProvider extends SdkSmsProvider<TencentSmsConfig, SmsClient> {
  protected readonly provider = "tencent";

  protected async load(): Promise<SmsClient> {
    const tencentSms = await import("tencentcloud-sdk-nodejs-sms");
    const { config, endpoint } = this;
    return new tencentSms.sms.v20210111.Client({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: {
        httpProfile: {
          endpoint: endpoint.host,
          protocol: `${endpoint.protocol}://`,
          // Seconds; a little longer than our own deadline so a slow gateway is reported as a timeout.
          reqTimeout: Math.ceil(config.timeoutMs / 1000) + 1,
        },
      },
    });
  }

  protected async deliver(client: SmsClient, phone: string, code: string) {
    const { config } = this;
    const message = {
      PhoneNumberSet: [`+86${phone}`],
      SmsSdkAppId: config.sdkAppId,
      SignName: config.signName,
      TemplateId: config.templateId,
      TemplateParamSet: [code],
    };
    // The SDK never retries; the abort signal ends the request at our deadline (R15).
    const response = await withTimeout(
      (signal) =>
        client.request("SendSms", message, { signal }) as Promise<{
          SendStatusSet?: { Code?: string; Message?: string }[];
        }>,
      config.timeoutMs,
    );
    // A per-number refusal (daily limit, blacklist …) comes back as a status, not an error.
    const status = response.SendStatusSet?.[0];
    return status?.Code === "Ok" ? undefined : { code: status?.Code, message: status?.Message };
  }
}
