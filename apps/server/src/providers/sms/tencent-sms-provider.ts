// Tencent Cloud (腾讯云短信, SMS 2021-01-11 SendSms) through the official SDK.
import type { FastifyBaseLogger } from "fastify";
import * as tencentSms from "tencentcloud-sdk-nodejs-sms";
import { parseEndpoint, type SmsProvider, smsFailure, withTimeout } from "./sms-provider.js";

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

const SmsClient = tencentSms.sms.v20210111.Client;

export class TencentSmsProvider implements SmsProvider {
  private readonly client: InstanceType<typeof SmsClient>;

  constructor(
    private readonly config: TencentSmsConfig,
    private readonly logger: FastifyBaseLogger,
  ) {
    const { protocol, host } = parseEndpoint(config.endpoint);
    this.client = new SmsClient({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: {
        httpProfile: {
          endpoint: host,
          protocol: `${protocol}://`,
          // Seconds; a little longer than our own deadline so a slow gateway is reported as a timeout.
          reqTimeout: Math.ceil(config.timeoutMs / 1000) + 1,
        },
      },
    });
  }

  async send(phone: string, code: string): Promise<void> {
    const context = { provider: "tencent", phone, code };
    try {
      // The SDK never retries; the abort signal ends the request at our deadline (R15).
      const response = await withTimeout(
        (signal) =>
          this.client.request(
            "SendSms",
            {
              PhoneNumberSet: [`+86${phone}`],
              SmsSdkAppId: this.config.sdkAppId,
              SignName: this.config.signName,
              TemplateId: this.config.templateId,
              TemplateParamSet: [code],
            },
            { signal },
          ) as Promise<{ SendStatusSet?: { Code?: string; Message?: string }[] }>,
        this.config.timeoutMs,
      );
      // A per-number refusal (daily limit, blacklist …) comes back as a status, not an error.
      const status = response.SendStatusSet?.[0];
      if (status?.Code !== "Ok")
        throw smsFailure(this.logger, context, { code: status?.Code, message: status?.Message });
    } catch (error) {
      throw smsFailure(this.logger, context, error);
    }
  }
}
