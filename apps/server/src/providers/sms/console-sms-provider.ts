// Development provider: writes the code as one JSON log line instead of sending it. The e2e tests
// read `smsCode` from that line. Refused in production unless explicitly allowed (config/env.ts).
import { maskPhone } from "@yj/contract";
import type { FastifyBaseLogger } from "fastify";
import type { SmsProvider } from "./sms-provider.js";

export class ConsoleSmsProvider implements SmsProvider {
  constructor(private readonly logger: FastifyBaseLogger) {}

  async send(phone: string, code: string): Promise<void> {
    this.logger.info({ phone: maskPhone(phone), smsCode: code }, "验证码（开发环境，未真实发送）");
  }

  async notify(phone: string, message: string): Promise<void> {
    this.logger.info({ phone: maskPhone(phone), smsNotice: message }, "短信通知（开发环境，未真实发送）");
  }
}
