// Tencent Cloud (腾讯云短信, SMS 2021-01-11 SendSms) through the official SDK, loaded at the first send:
// loading it costs start-up time (P8) a server on another provider should not pay.
import type { FastifyBaseLogger } from "fastify";
import type * as TencentSms from "tencentcloud-sdk-nodejs-sms";
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

type SmsClient = InstanceType<typeof TencentSms.sms.v20210111.Client>;

export class TencentSmsProvider implements SmsProvider {
  private connected?: Promise<SmsClient>;
  private readonly endpoint: { protocol: string; host: string };

  constructor(
    private readonly config: TencentSmsConfig,
    private readonly logger: FastifyBaseLogger,
  ) {
    // A bad endpoint still stops the start, as before the SDK was loaded lazily.
    this.endpoint = parseEndpoint(config.endpoint);
  }

  private connect(): Promise<SmsClient> {
    this.connected ??= import("tencentcloud-sdk-nodejs-sms").then((tencentSms) => {
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
    });
    // A failed load is tried again at the next send.
    this.connected.catch(() => {
      this.connected = undefined;
    });
    return this.connected;
  }

  async send(phone: string, code: string): Promise<void> {
    const context = { provider: "tencent", phone, code };
    try {
      const client = await this.connect();
      // The SDK never retries; the abort signal ends the request at our deadline (R15).
      const response = await withTimeout(
        (signal) =>
          client.request(
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
