// Aliyun (阿里云短信, Dysmsapi 2017-05-25 SendSms) through the official SDK. The SDK takes longer to
// load than the rest of the server together (about a second on a busy machine, P8), so it is loaded
// at the first send, not at start.
import type * as Dysmsapi from "@alicloud/dysmsapi20170525";
import { SdkSmsProvider } from "./sdk-sms-provider.js";
import { withTimeout } from "./sms-provider.js";

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

export class AliyunSmsProvider extends SdkSmsProvider<AliyunSmsConfig, Connected> {
  protected readonly provider = "aliyun";

  protected async load(): Promise<Connected> {
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
  }

  protected async deliver({ client, SendSmsRequest }: Connected, phone: string, code: string) {
    const request = new SendSmsRequest({
      phoneNumbers: phone,
      signName: this.config.signName,
      templateCode: this.config.templateCode,
      templateParam: JSON.stringify({ code }),
    });
    // No retry options are configured, so the SDK makes exactly one attempt (R15).
    const response = await withTimeout(() => client.sendSms(request), this.config.timeoutMs);
    // The gateway answers HTTP 200 with a business code for refusals (flow control, bad number …).
    return response.body?.code === "OK" ? undefined : (response.body ?? {});
  }
}
