// WeCom (企业微信) group robot: POST {"msgtype":"markdown","markdown":{"content":…}} to its webhook URL.
import type { Notification, Notifier } from "./notifier.js";
import { postRobotMessage } from "./robot-post.js";

export class WeComRobot implements Notifier {
  readonly name = "wecom";

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  send({ markdown }: Notification): Promise<void> {
    return postRobotMessage(this.url, { msgtype: "markdown", markdown: { content: markdown } }, this.timeoutMs);
  }
}
