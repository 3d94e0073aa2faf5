// Typed environment, read once at start; fails fast with a message that says what to fix: every
// variable's format here, the checks across variables in checks.ts, all problems listed at once.
import { createHmac } from "node:crypto";
import { z } from "zod";
import { type ConfigProblem, DEVELOPMENT_CODE_HASH_SECRET, runConfigChecks } from "./checks.js";

/** http(s)://host[:port] with nothing after it (a trailing slash is allowed). */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.pathname === "/" && !url.search && !url.hash && !url.username;
  } catch {
    return false;
  }
}

/** An on/off setting. */
const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const PAYMENT_PROVIDER_NAMES = ["offline", "alipay", "wechat"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** "alipay, wechat" → ["alipay", "wechat"]; null when a name is unknown, repeated or none is given. */
export function splitProviders(value: string): PaymentProviderName[] | null {
  const names = value.split(",").map((n) => n.trim());
  const known = new Set<string>(PAYMENT_PROVIDER_NAMES);
  if (names.some((n) => !known.has(n)) || new Set(names).size !== names.length) return null;
  return names as PaymentProviderName[];
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Embedded PGlite data directory, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Opening a new PostgreSQL connection gives up after this (and so does waiting for a free one,
   * though DATABASE_POOL_WAIT_MS, shorter, ends that wait first).
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * PostgreSQL ends a statement running longer than this, and a transaction left idle that long; the
   * server stops waiting for an answer a second later (a stalled network sends no error).
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * Statements that may wait for a free PostgreSQL connection when every one of the pool's is busy;
   * more are answered 503 at once (docs/decisions/0048). A bound on memory: below it, a statement is
   * refused at once only when the queue, at the pace it was last seen to move, would not reach it
   * within DATABASE_POOL_WAIT_MS (docs/decisions/0109).
   */
  DATABASE_POOL_MAX_WAITING: z.coerce.number().int().min(0).max(100_000).default(1000),
  /** How long one of them waits before it is answered 503 (and not 500, ADR 0048). */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /**
   * A request (its headers and body) must have arrived within this, or the connection is answered
   * 408 and closed: a client trickling a body holds no socket for long (ADR 0048).
   */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Its headers within this (at most HTTP_REQUEST_TIMEOUT_MS). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * Load shedding (ADR 0048): while the event loop's mean delay over the last half second is above
   * this, new requests are answered 503 with Retry-After at once, before any work; 0: off. Unset:
   * 200 in production, off elsewhere (a developer's breakpoint or a test machine's load is not overload).
   */
  LOAD_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** The same on event-loop utilisation (0–1) over the last half second; 0: off (the default). */
  LOAD_SHED_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
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
  /**
   * Back-office writes per staff member and minute, across instances; 0: off. They replace the
   * per-address write limit there, since an office shares one address (ADR 0038).
   */
  RATE_LIMIT_STAFF_WRITES_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
  /** Server-side response cache for hot public reads, in seconds (0 disables). */
  API_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /** What that cache may keep, in MB (keys and answers); the least recently used go first. */
  API_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(16),
  /**
   * What the cache of rendered anonymous pages may keep, in bytes (their brotli and gzip bodies); 0
   * turns it off. Pages live API_CACHE_SECONDS (docs/decisions/0058).
   */
  PAGE_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(4 * 1024 * 1024 * 1024)
    .default(32 * 1024 * 1024),
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
  /**
   * R3's one code per phone per this many seconds (docs/decisions/0079). Outside production only: the
   * browser suites confirm several owner acts in a row without waiting out the minute; the production
   * configuration check refuses the setting, so production always keeps 60 s.
   */
  SMS_CODE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
  /** Codes the whole site may send in any 24 hours; past it sending stops and an error is logged. */
  SMS_DAILY_BUDGET: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  /**
   * Codes one network (an IPv4 /24 or IPv6 /48) may be sent in any 24 hours, so one network cannot
   * spend the site's budget alone (docs/decisions/0046).
   */
  SMS_NETWORK_DAILY_BUDGET: z.coerce.number().int().min(1).max(10_000_000).default(100),
  /** A network that was sent this many codes in the last hour must pass the human check first; 0: always. */
  SMS_CHECK_AFTER_NETWORK_SENDS: z.coerce.number().int().min(0).max(10_000_000).default(3),
  /** Once the site has spent this share (%) of SMS_DAILY_BUDGET, every send needs the human check; 100: never. */
  SMS_CHECK_AFTER_BUDGET_PERCENT: z.coerce.number().int().min(0).max(100).default(50),
  /**
   * The proof of work's size: the browser tries up to this many hashes (about half on average, well
   * under a second on a phone); the server checks one HMAC.
   */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  /** Signs the human check's challenges; unset: derived from CODE_HASH_SECRET (its development key outside production). */
  ALTCHA_HMAC_KEY: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
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
  /**
   * The shop's public address, scheme and host (and port), e.g. https://www.example.cn: canonical
   * links, Open Graph, JSON-LD and the sitemap name it (ADR 0029). Never taken from a request's Host
   * header. Required in production; elsewhere http://localhost:PORT.
   */
  PUBLIC_ORIGIN: z
    .string()
    .refine(isOrigin, { error: "an origin such as https://www.example.cn (http or https, no path, query or #)" })
    .transform((v) => new URL(v).origin)
    .optional(),
  /**
   * Where staff open a lead: a notification links to ADMIN_BASE_URL/admin/leads/<id>. Unset, the
   * back office is where the shop is (PUBLIC_ORIGIN, else this instance's PORT), not a fixed port.
   */
  ADMIN_BASE_URL: z
    .string()
    .url()
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  /** A webhook slower than this counts as a failed attempt (retried later). */
  LEAD_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** How often each instance looks for due lead notifications (a new lead also wakes it at once). */
  LEAD_OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
  /** How often each instance looks for unpaid orders past their payment window (ADR 0025). */
  ORDER_EXPIRY_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(30_000),
  /**
   * Who takes payments (ADR 0024, ADR 0062): a comma list of offline (a local pay step for
   * development, refused in production), alipay (face-to-face precreate through alipay-sdk) and
   * wechat (WeChat Pay v3 Native through wechatpay-axios-plugin). The first is the pay step's
   * default method; `paymentProviderNames` reads the list.
   */
  PAYMENT_PROVIDER: z
    .string()
    .default("offline")
    .refine((v) => splitProviders(v) !== null, {
      error: "a comma list of offline, alipay and wechat, each once (e.g. alipay,wechat)",
    }),
  /**
   * Lets a production-mode instance start with the offline provider (benchmarks, test rigs): it then
   * takes no payments at all, since the offline pay step is refused in production.
   */
  PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: flag.default(false),
  /** The application's APPID on the Alipay open platform. */
  ALIPAY_APP_ID: z.string().optional(),
  /** The application's private key (PKCS8 or PKCS1 PEM, or its base64 body) that signs requests. */
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  /** Alipay's public key (支付宝公钥) that verifies answers and notifies. */
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  /** The receiving account's Alipay user id (2088…); a notify for another seller is refused. */
  ALIPAY_SELLER_ID: z.string().optional(),
  /** The gateway; tests point it at a local fake. */
  ALIPAY_GATEWAY: z.string().url().default("https://openapi.alipay.com/gateway.do"),
  /** The public URL of POST /api/alipay/notify, which Alipay calls when a trade is paid. */
  ALIPAY_NOTIFY_URL: z.string().url().optional(),
  /** A gateway call slower than this answers '支付服务繁忙，请稍后重试' (R15). */
  ALIPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** WeChat Pay merchant id (商户号); a notify for another merchant is refused. */
  WECHATPAY_MCHID: z.string().optional(),
  /** The AppID bound to the merchant (公众号/小程序/网站应用); a notify for another is refused. */
  WECHATPAY_APPID: z.string().optional(),
  /** The serial number of the merchant's API certificate (商户API证书序列号), named in each request's signature. */
  WECHATPAY_MERCHANT_SERIAL: z.string().optional(),
  /** The merchant's API private key (apiclient_key.pem) that signs requests. */
  WECHATPAY_MERCHANT_PRIVATE_KEY: z.string().optional(),
  /** The APIv3 key (32 bytes) that decrypts notifies' resource (AES-256-GCM). */
  WECHATPAY_APIV3_KEY: z
    .string()
    .refine((v) => Buffer.byteLength(v) === 32, { error: "must be the 32-character APIv3 key" })
    .optional(),
  /**
   * WeChat Pay public-key mode (微信支付公钥, merchants since late 2024): its id (PUB_KEY_ID_…) and PEM.
   * Either this pair or the platform certificate below, or both during a switch.
   */
  WECHATPAY_PUBLIC_KEY_ID: z.string().optional(),
  WECHATPAY_PUBLIC_KEY: z.string().optional(),
  /** Platform-certificate mode (平台证书): its serial number and PEM (certificate or public key). */
  WECHATPAY_PLATFORM_CERT_SERIAL: z.string().optional(),
  WECHATPAY_PLATFORM_CERT: z.string().optional(),
  /** The public URL of POST /api/wechatpay/notify. */
  WECHATPAY_NOTIFY_URL: z.string().url().optional(),
  /** The API's base URL; tests and WECHATPAY_FAKE_GATEWAY point it at a local fake. */
  WECHATPAY_BASE_URL: z.string().url().default("https://api.mch.weixin.qq.com"),
  /** A gateway call slower than this answers '支付服务繁忙，请稍后重试' (R15). */
  WECHATPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * Development without keys (ADR 0062): the server starts a local fake WeChat Pay v3 gateway with keys
   * it makes at start, and the wechat provider talks to it. Refused in production.
   */
  WECHATPAY_FAKE_GATEWAY: flag.default(false),
  /** WeChat Pay H5 in phone browsers outside WeChat (docs/decisions/0066); false: those phones get the QR code. */
  WECHATPAY_H5: flag.default(true),
  /**
   * JSAPI inside WeChat's browser (docs/decisions/0066): needs the official account bound to
   * WECHATPAY_APPID, its web-authorisation domain set to PUBLIC_ORIGIN's host, and WECHAT_APP_SECRET.
   */
  WECHATPAY_JSAPI: flag.default(false),
  /** The official account's AppSecret (公众号 AppSecret): exchanges the OAuth code for the openid. */
  WECHAT_APP_SECRET: z.string().optional(),
  /** WeChat's OAuth pages and API; the fake gateway's address in development and tests. */
  WECHAT_OAUTH_BASE_URL: z.string().url().default("https://open.weixin.qq.com"),
  WECHAT_API_BASE_URL: z.string().url().default("https://api.weixin.qq.com"),
  /** How often each instance asks the provider about trades whose notify has not come. */
  PAYMENT_RECONCILE_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
  /**
   * Yesterday's Alipay and WeChat Pay bills are downloaded and compared from this hour on, China time
   * (docs/decisions/0065): both publish them in the morning, WeChat Pay from about 10 o'clock.
   */
  RECONCILE_BILL_HOUR: z.coerce.number().int().min(0).max(23).default(10),
  /** How often each instance looks whether a day's bills are due (the two-instance suite polls often). */
  RECONCILE_BILL_POLL_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(24 * 3_600_000)
    .default(5 * 60_000),
  /** A bill run "running" this long was left by a stopped instance; another instance takes it over. */
  RECONCILE_STALE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** Serve /metrics (ADR 0032); false removes the route. */
  METRICS: flag.default(true),
  /** Set: /metrics needs `Authorization: Bearer <token>` from every address; unset: private addresses only. */
  METRICS_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  /**
   * On SIGTERM, /readyz answers 503 this long before the server stops taking connections, so the load
   * balancer's health check moves new requests elsewhere first (ADR 0033); unset: 5000 in production, 0 elsewhere.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
});

const CheckedEnvSchema = EnvSchema.transform((env) => ({
  ...env,
  CODE_HASH_SECRET: env.CODE_HASH_SECRET ?? DEVELOPMENT_CODE_HASH_SECRET,
  ALTCHA_HMAC_KEY:
    env.ALTCHA_HMAC_KEY ??
    createHmac("sha256", env.CODE_HASH_SECRET ?? DEVELOPMENT_CODE_HASH_SECRET)
      .update("altcha-hmac-key")
      .digest("hex"),
  API_DOCS: env.API_DOCS ?? env.NODE_ENV !== "production",
  SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== "production",
  PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
  ADMIN_BASE_URL: env.ADMIN_BASE_URL ?? env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
  SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === "production" ? 5000 : 0),
  LOAD_SHED_EVENT_LOOP_DELAY_MS: env.LOAD_SHED_EVENT_LOOP_DELAY_MS ?? (env.NODE_ENV === "production" ? 200 : 0),
}));

export type Env = z.infer<typeof CheckedEnvSchema>;

/** The payment providers this instance runs, the pay step's default first (PAYMENT_PROVIDER). */
export function paymentProviderNames(env: Pick<Env, "PAYMENT_PROVIDER">): PaymentProviderName[] {
  return splitProviders(env.PAYMENT_PROVIDER) ?? ["offline"];
}

export class ConfigError extends Error {
  override name = "ConfigError";
  constructor(readonly problems: ConfigProblem[]) {
    const lines = problems.map((p) => `  ${p.name}: ${p.message}`);
    super(`配置有误，无法启动 / Invalid environment configuration (${problems.length}):\n${lines.join("\n")}`);
  }
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings in the environment mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = CheckedEnvSchema.safeParse(cleaned);
  const formatProblems = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ name: i.path.join("."), message: i.message }));
  // A variable whose format is wrong is reported once, for its format.
  const badFormat = new Set(formatProblems.map((p) => p.name));
  const problems = [...formatProblems, ...runConfigChecks(cleaned).filter((p) => !badFormat.has(p.name))];
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  return parsed.data;
}
