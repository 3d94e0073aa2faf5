// DingTalk (钉钉) group robot: POST {"msgtype":"markdown","markdown":{"title","text"}}. A robot with a
// signing secret also wants &timestamp=<ms>&sign=<base64 HMAC-SHA256 of "timestamp\nsecret">.
import { createHmac } from "node:crypto";
import type { Notification, Notifier } from "./notifier.js";
import { postRobotMessage } from "./robot-post.js";

export function dingTalkSignature(timestampMs: number, secret: string): string {
  return createHmac("sha256", secret).update(`${timestampMs}\n${secret}`).digest("base64");
}

export class DingTalkRobot implements Notifier {
  readonly name = "dingtalk";

  constructor(
    private readonly url: string,
    private readonly secret: string | undefined,
    private readonly timeoutMs: number,
  ) {}

  send({ title, markdown }: Notification): Promise<void> {
    const url = new URL(this.url);
    if (this.secret) {
      const timestamp = Date.now();
      url.searchParams.set("timestamp", String(timestamp));
      url.searchParams.set("sign", dingTalkSignature(timestamp, this.secret));
    }
    return postRobotMessage(
      url.toString(),
      { msgtype: "markdown", markdown: { title, text: markdown } },
      this.timeoutMs,
    );
  }
}
