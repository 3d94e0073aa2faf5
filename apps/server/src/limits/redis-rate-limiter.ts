// Rate limits in Redis (R3, when REDIS_URL is set): one sorted set per key, scored by event time.
// Check and count run in one Lua script, so concurrent instances cannot overshoot a limit.
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { longestWindowMs, type RateCheck, type RateDecision, type RateLimiter } from "./rate-limiter.js";

// KEYS: the counters. ARGV: now (ms), a unique member, then per key: keep-for (ms), rule count,
// and (limit, window ms) per rule. Returns {0, 0} when counted, else {index of a full key, wait ms}.
const CONSUME_SCRIPT = `
local now = tonumber(ARGV[1])
local member = ARGV[2]
local pos = 3
local keepFor = {}
local blocked, worstWait = 0, 0
for i, key in ipairs(KEYS) do
  keepFor[i] = tonumber(ARGV[pos])
  local ruleCount = tonumber(ARGV[pos + 1])
  pos = pos + 2
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - keepFor[i])
  for _ = 1, ruleCount do
    local limit, window = tonumber(ARGV[pos]), tonumber(ARGV[pos + 1])
    pos = pos + 2
    local since = '(' .. (now - window)
    local oldestBlocking = redis.call('ZREVRANGEBYSCORE', key, '+inf', since, 'WITHSCORES', 'LIMIT', limit - 1, 1)
    if oldestBlocking[2] then
      local wait = tonumber(oldestBlocking[2]) + window - now
      if wait > worstWait then blocked, worstWait = i, wait end
    end
  end
end
if blocked > 0 then return {blocked, worstWait} end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, keepFor[i])
end
return {0, 0}
`;

export interface RedisRateLimiterOptions {
  /** Namespaces the keys (REDIS_PREFIX + "rate:"; test runs use their own). */
  prefix?: string;
  /** Connecting, and each command, gives up after this. */
  timeoutMs?: number;
}

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(url: string, { prefix = "yj:rate:", timeoutMs = 2000 }: RedisRateLimiterOptions = {}) {
    this.prefix = prefix;
    // Redis down or stalled: a send fails within the timeout (the 500 envelope, ADR 0018) instead of
    // hanging, and is not let through unlimited. The client keeps reconnecting by itself.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: timeoutMs, commandTimeout: timeoutMs });
    // Connection errors surface as rejected commands; unobserved 'error' events would crash the process.
    this.redis.on("error", () => {});
  }

  async ping(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([this.redis.ping(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async consume(checks: readonly RateCheck[], now: Date): Promise<RateDecision> {
    const args: (string | number)[] = [now.getTime(), `${now.getTime()}-${randomBytes(6).toString("hex")}`];
    for (const { rules } of checks) {
      args.push(longestWindowMs(rules), rules.length, ...rules.flatMap((r) => [r.limit, r.windowMs]));
    }
    const keys = checks.map((c) => this.prefix + c.key);
    const [blocked, waitMs] = (await this.redis.eval(CONSUME_SCRIPT, keys.length, ...keys, ...args)) as [
      number,
      number,
    ];
    return blocked > 0 ? { allowed: false, retryAfterMs: waitMs } : { allowed: true };
  }

  async count(key: string, windowMs: number, now: Date): Promise<number> {
    return this.redis.zcount(this.prefix + key, `(${now.getTime() - windowMs}`, "+inf");
  }

  async refund(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.redis.zpopmax(this.prefix + key);
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
