// Aliyun (阿里云短信, Dysmsapi 2017-05-25 SendSms) through the official SDK.
import * as dysmsapi from "@alicloud/dysmsapi20170525";
import { $OpenApiUtil } from "@alicloud/openapi-core";
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

type DysmsapiClient = typeof dysmsapi.default;
// A CommonJS package: under Node's ESM loader the default import is module.exports, whose
// `default` is the client class; bundlers hand over the class directly.
const Dysmsapi: DysmsapiClient =
  (dysmsapi.default as unknown as { default?: DysmsapiClient }).default ?? dysmsapi.default;

export class AliyunSmsProvider implements SmsProvider {
  private readonly client: InstanceType<DysmsapiClient>;

  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly logger: FastifyBaseLogger,
  ) {
    const { protocol, host } = parseEndpoint(config.endpoint);
    this.client = new Dysmsapi(
      new $OpenApiUtil.Config({
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
        regionId: config.regionId,
        endpoint: host,
        protocol,
        // A little longer than our own deadline, so a slow gateway is reported as a timeout by withTimeout.
        connectTimeout: config.timeoutMs + 1000,
        readTimeout: config.timeoutMs + 1000,
      }),
    );
  }

  async send(phone: string, code: string): Promise<void> {
    const request = new dysmsapi.SendSmsRequest({
      phoneNumbers: phone,
      signName: this.config.signName,
      templateCode: this.config.templateCode,
      templateParam: JSON.stringify({ code }),
    });
    const context = { provider: "aliyun", phone, code };
    try {
      // No retry options are configured, so the SDK makes exactly one attempt (R15).
      const response = await withTimeout(() => this.client.sendSms(request), this.config.timeoutMs);
      // The gateway answers HTTP 200 with a business code for refusals (flow control, bad number …).
      if (response.body?.code !== "OK") throw smsFailure(this.logger, context, response.body);
    } catch (error) {
      throw smsFailure(this.logger, context, error);
    }
  }
}
