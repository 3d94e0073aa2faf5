// Picks the lead notifier from the environment: WeCom, DingTalk, or the log (config/env.ts refuses both robots).
import type { FastifyBaseLogger } from "fastify";
import type { Env } from "../../config/env.js";
import { DingTalkRobot } from "./dingtalk-robot.js";
import { LogNotifier } from "./log-notifier.js";
import type { Notifier } from "./notifier.js";
import { WeComRobot } from "./wecom-robot.js";

export function createNotifier(env: Env, logger: FastifyBaseLogger): Notifier {
  if (env.WECOM_WEBHOOK_URL) return new WeComRobot(env.WECOM_WEBHOOK_URL, env.LEAD_WEBHOOK_TIMEOUT_MS);
  if (env.DINGTALK_WEBHOOK_URL) {
    return new DingTalkRobot(env.DINGTALK_WEBHOOK_URL, env.DINGTALK_SECRET, env.LEAD_WEBHOOK_TIMEOUT_MS);
  }
  return new LogNotifier(logger);
}
