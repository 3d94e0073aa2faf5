// Assembles the privacy module (issue #26, docs/decisions/0076): 我的数据 and 注销账号 for the
// customer, the lookup, export and deletion for 管理员. It owns no table (docs/decisions/0040).
import type { FastifyInstance } from "fastify";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import type { Clock } from "../../lib/clock.js";
import type { CloseCodes } from "../accounts/accounts-module.js";
import { privacyAdminRoutes } from "./admin-routes.js";
import { privacyRoutes } from "./routes.js";
import { PrivacyService } from "./service.js";

export interface PrivacyOptions {
  env: Env;
  db: Db;
  now: Clock;
  closeCodes: CloseCodes;
}

export function registerPrivacy(app: FastifyInstance, options: PrivacyOptions): PrivacyService {
  const { db, now } = options;
  const privacy = new PrivacyService({ db, now, closeCodes: options.closeCodes });
  privacyRoutes(app, privacy, { db, now, cookies: { secure: options.env.NODE_ENV === "production" } });
  privacyAdminRoutes(app, privacy);
  return privacy;
}
