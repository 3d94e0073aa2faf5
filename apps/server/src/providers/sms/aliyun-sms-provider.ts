// Aliyun (阿里云短信, Dysmsapi 2017-05-25 SendSms) through the official SDK. The SDK takes longer to
// load than the rest of the server together (about a second on a busy machine, P8), so it is loaded
// at the first send, not at start.
import type * as Dysmsapi from "@alicloud/dysmsapi20170525";
import type { FastifyBaseLogger } from "fastify";
import { parseEndpoint, type SmsProvider, smsFailure, withTimeout } from "./sms-provider.js";

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  regionId: string;
  /** dysmsapi.aliyuncs.com, or http://127.0.0.1:port for a local fake. */
  endpoint: string;
  timeoutMs: number;
}

type DysmsapiClient = typeof Dysmsapi.default;

interface Connected {
  client: InstanceType<DysmsapiClient>;
  SendSmsRequest: typeof Dysmsapi.SendSmsRequest;
}

export class AliyunSmsProvider implements SmsProvider {
  private connected?: Promise<Connected>;
  private readonly endpoint: { protocol: string; host: string };

  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly logger: FastifyBaseLogger,
  ) {
    // A bad endpoint still stops the start, as before the SDK was loaded lazily.
    this.endpoint = parseEndpoint(config.endpoint);
  }

  private connect(): Promise<Connected> {
    this.connected ??= (async () => {
      const [dysmsapi, { $OpenApiUtil }] = await Promise.all([
        import("@alicloud/dysmsapi20170525"),
        import("@alicloud/openapi-core"),
      ]);
      // A CommonJS package: under Node's ESM loader the default import is module.exports, whose
      // `default` is the client class; bundlers hand over the class directly.
      const Client: DysmsapiClient =
        (dysmsapi.default as unknown as { default?: DysmsapiClient }).default ?? dysmsapi.default;
      const { config, endpoint } = this;
      const client = new Client(
        new $OpenApiUtil.Config({
          accessKeyId: config.accessKeyId,
          accessKeySecret: config.accessKeySecret,
          regionId: config.regionId,
          endpoint: endpoint.host,
          protocol: endpoint.protocol,
          // A little longer than our own deadline, so a slow gateway is reported as a timeout by withTimeout.
          connectTimeout: config.timeoutMs + 1000,
          readTimeout: config.timeoutMs + 1000,
        }),
      );
      return { client, SendSmsRequest: dysmsapi.SendSmsRequest };
    })();
    // A failed load is tried again at the next send.
    this.connected.catch(() => {
      this.connected = undefined;
    });
    return this.connected;
  }

  async send(phone: string, code: string): Promise<void> {
    const context = { provider: "aliyun", phone, code };
    try {
      const { client, SendSmsRequest } = await this.connect();
      const request = new SendSmsRequest({
        phoneNumbers: phone,
        signName: this.config.signName,
        templateCode: this.config.templateCode,
        templateParam: JSON.stringify({ code }),
      });
      // No retry options are configured, so the SDK makes exactly one attempt (R15).
      const response = await withTimeout(() => client.sendSms(request), this.config.timeoutMs);
      // The gateway answers HTTP 200 with a business code for refusals (flow control, bad number …).
      if (response.body?.code !== "OK") throw smsFailure(this.logger, context, response.body);
    } catch (error) {
      throw smsFailure(this.logger, context, error);
    }
  }
}
