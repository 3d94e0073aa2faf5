// Typed environment, read once at start; fails fast with a message that says what to fix.
import { z } from "zod";

/** An on/off setting. */
const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Embedded PGlite data directory, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  /** Waiting for a PostgreSQL connection (a new one, or a free one from the pool) gives up after this. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * PostgreSQL ends a statement running longer than this, and a transaction left idle that long; the
   * server stops waiting for an answer a second later (a stalled network sends no error).
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key (rate limits under `<prefix>rate:`); test runs use their own. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, { error: "letters, digits and _ : . - only" })
    .default("yj:"),
  /** Connecting to Redis, and each command, gives up after this (the request then fails, ADR 0018). */
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Which X-Forwarded-For hops to believe, for the client IP behind a load balancer (per-IP limits):
   * a hop count ("1") or comma-separated proxy addresses/CIDRs; "0" or unset: the socket address
   * only, so nobody can fake their IP with a header. Production must say which (ADR 0021).
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|[\d.:a-fA-F/]+(,[\d.:a-fA-F/]+)*)$/, { error: "a hop count or comma-separated addresses" })
    .optional()
    .transform((v) => (v === undefined ? false : /^\d+$/.test(v) ? Number(v) : v.split(","))),
  /** Requests per client address (IPv6: /64) and minute, in this process; 0 switches it off (ADR 0022). */
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(1200),
  /** State-changing requests per client address and minute, counted across instances; 0: off. */
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(60),
  /** Server-side response cache for hot public reads, in seconds (0 disables). */
  API_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /** What that cache may keep, in MB (keys and answers); the least recently used go first. */
  API_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(16),
  /**
   * Load the demo shop on first start (once, and never into a database holding other data); unset:
   * on outside production, off in production.
   */
  SEED_DEMO: flag.optional(),
  /** Serve the OpenAPI document and UI at /docs; unset: on outside production, off in production. */
  API_DOCS: flag.optional(),
  /** AMap (高德) Web Service key for IP city detection (/api/geo/city); without it the offline database is used. */
  AMAP_KEY: z.string().optional(),
  /** AMap Web Service base URL; tests point it at a local fake. */
  AMAP_API_BASE: z.string().url().default("https://restapi.amap.com"),
  AMAP_SECURITY_CODE: z.string().optional(),
  /** HMAC key for verification codes (R1); required in production, a fixed development key elsewhere. */
  CODE_HASH_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  /** Where verification codes go: console (development log line), aliyun or tencent. */
  SMS_PROVIDER: z.enum(["console", "aliyun", "tencent"]).default("console"),
  /** The console provider only logs codes, so production refuses it unless this says otherwise. */
  SMS_ALLOW_CONSOLE_IN_PRODUCTION: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Codes the whole site may send in any 24 hours; past it sending stops and an error is logged. */
  SMS_DAILY_BUDGET: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  /** A gateway slower than this gets a clear error, not a hung request (R15). */
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  ALIYUN_SMS_REGION: z.string().default("cn-hangzhou"),
  /** Host, or a full URL such as http://127.0.0.1:9000 for a local fake. */
  ALIYUN_SMS_ENDPOINT: z.string().default("dysmsapi.aliyuncs.com"),
  TENCENT_SMS_SECRET_ID: z.string().optional(),
  TENCENT_SMS_SECRET_KEY: z.string().optional(),
  TENCENT_SMS_SDK_APP_ID: z.string().optional(),
  TENCENT_SMS_SIGN_NAME: z.string().optional(),
  TENCENT_SMS_TEMPLATE_ID: z.string().optional(),
  TENCENT_SMS_REGION: z.string().default("ap-guangzhou"),
  /** Host, or a full URL such as http://127.0.0.1:9000 for a local fake. */
  TENCENT_SMS_ENDPOINT: z.string().default("sms.tencentcloudapi.com"),
  /** Lead notifications (R17): a WeCom (企业微信) group robot's webhook URL … */
  WECOM_WEBHOOK_URL: z.string().url().optional(),
  /** … or a DingTalk group robot's, with its signing secret (SEC…) when the robot has one. */
  DINGTALK_WEBHOOK_URL: z.string().url().optional(),
  DINGTALK_SECRET: z.string().optional(),
  /** Where staff open a lead: a notification links to ADMIN_BASE_URL/admin/leads/<id>. */
  ADMIN_BASE_URL: z
    .string()
    .url()
    .default("http://localhost:3000")
    .transform((v) => v.replace(/\/+$/, "")),
  /** A webhook slower than this counts as a failed attempt (retried later). */
  LEAD_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** How often each instance looks for due lead notifications (a new lead also wakes it at once). */
  LEAD_OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
});

/** Used outside production only, so development and tests need no setup. */
const DEVELOPMENT_CODE_HASH_SECRET = "development-only-code-hash-secret-change-me";

const SMS_SETTINGS_REQUIRED = {
  console: [],
  aliyun: [
    "ALIYUN_SMS_ACCESS_KEY_ID",
    "ALIYUN_SMS_ACCESS_KEY_SECRET",
    "ALIYUN_SMS_SIGN_NAME",
    "ALIYUN_SMS_TEMPLATE_CODE",
  ],
  tencent: [
    "TENCENT_SMS_SECRET_ID",
    "TENCENT_SMS_SECRET_KEY",
    "TENCENT_SMS_SDK_APP_ID",
    "TENCENT_SMS_SIGN_NAME",
    "TENCENT_SMS_TEMPLATE_ID",
  ],
} as const;

const CheckedEnvSchema = EnvSchema.superRefine((env, ctx) => {
  const production = env.NODE_ENV === "production";
  if (production && !env.CODE_HASH_SECRET) {
    ctx.addIssue({
      code: "custom",
      path: ["CODE_HASH_SECRET"],
      message: "is required in production (32+ random characters)",
    });
  }
  if (production && env.SMS_PROVIDER === "console" && !env.SMS_ALLOW_CONSOLE_IN_PRODUCTION) {
    ctx.addIssue({
      code: "custom",
      path: ["SMS_PROVIDER"],
      message: "console only logs codes; set aliyun or tencent in production (or SMS_ALLOW_CONSOLE_IN_PRODUCTION=true)",
    });
  }
  if (env.WECOM_WEBHOOK_URL && env.DINGTALK_WEBHOOK_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["DINGTALK_WEBHOOK_URL"],
      message: "lead notifications go to one robot: set WECOM_WEBHOOK_URL or DINGTALK_WEBHOOK_URL, not both",
    });
  }
  // Unset, every visitor behind a load balancer would share its address and so one per-IP limit.
  if (production && env.TRUST_PROXY === false) {
    ctx.addIssue({
      code: "custom",
      path: ["TRUST_PROXY"],
      message:
        "生产环境必须设置：在负载均衡或反向代理之后填代理跳数（如 1）或代理地址，客户端直接连接时填 TRUST_PROXY=0 / " +
        "is required in production: the proxy hop count (e.g. 1) or proxy addresses behind a load balancer, " +
        "TRUST_PROXY=0 when clients connect directly",
    });
  }
  for (const name of SMS_SETTINGS_REQUIRED[env.SMS_PROVIDER]) {
    if (!env[name])
      ctx.addIssue({ code: "custom", path: [name], message: `is required when SMS_PROVIDER=${env.SMS_PROVIDER}` });
  }
}).transform((env) => ({
  ...env,
  CODE_HASH_SECRET: env.CODE_HASH_SECRET ?? DEVELOPMENT_CODE_HASH_SECRET,
  API_DOCS: env.API_DOCS ?? env.NODE_ENV !== "production",
  SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== "production",
}));

export type Env = z.infer<typeof CheckedEnvSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings in the environment mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = CheckedEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
