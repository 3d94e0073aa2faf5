// The one limiter of the process: Redis when REDIS_URL is set, else the database (R3, R12).
import type { Env } from "../config/env.js";
import type { Db } from "../db/client.js";
import { DbRateLimiter } from "./db-rate-limiter.js";
import type { RateLimiter } from "./rate-limiter.js";
import { RedisRateLimiter } from "./redis-rate-limiter.js";

export function createRateLimiter(env: Env, db: Db): RateLimiter {
  return env.REDIS_URL
    ? new RedisRateLimiter(env.REDIS_URL, { prefix: `${env.REDIS_PREFIX}rate:`, timeoutMs: env.REDIS_TIMEOUT_MS })
    : new DbRateLimiter(db);
}
