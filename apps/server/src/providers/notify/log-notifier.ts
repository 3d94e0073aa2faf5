// Without a robot configured, a lead notification is one log line (the message already masks the phone).
import type { FastifyBaseLogger } from "fastify";
import type { Notification, Notifier } from "./notifier.js";

export class LogNotifier implements Notifier {
  readonly name = "log";

  constructor(private readonly logger: FastifyBaseLogger) {}

  async send({ title, markdown }: Notification): Promise<void> {
    this.logger.info({ notification: markdown }, title);
  }
}
