// Checks across settings, run at start after each variable's own format check (ADR 0032). Every
// check sees the raw environment and answers all its problems, so an operator fixes a production
// configuration in one go instead of one restart per mistake. A module with settings of its own
// (payments, say) adds a check to `configChecks`.

/** The environment as given, empty strings removed. */
export type RawEnv = Readonly<Record<string, string | undefined>>;

export interface ConfigProblem {
  /** The variable to fix. */
  name: string;
  message: string;
}

/** Answers the problems it finds; `production` is NODE_ENV=production. */
export type ConfigCheck = (env: RawEnv, production: boolean) => ConfigProblem[];

/** Used outside production only, so development and tests need no setup; production refuses it. */
export const DEVELOPMENT_CODE_HASH_SECRET = "development-only-code-hash-secret-change-me";

export const SMS_SETTINGS_REQUIRED: Readonly<Record<string, readonly string[]>> = {
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
};

const secrets: ConfigCheck = (env, production) => {
  if (!production) return [];
  if (!env.CODE_HASH_SECRET)
    return [{ name: "CODE_HASH_SECRET", message: "is required in production (32+ random characters)" }];
  if (env.CODE_HASH_SECRET === DEVELOPMENT_CODE_HASH_SECRET)
    return [{ name: "CODE_HASH_SECRET", message: "is the development key; production needs its own random one" }];
  return [];
};

const sms: ConfigCheck = (env, production) => {
  const provider = env.SMS_PROVIDER ?? "console";
  const problems: ConfigProblem[] = [];
  const consoleAllowed = env.SMS_ALLOW_CONSOLE_IN_PRODUCTION === "true" || env.SMS_ALLOW_CONSOLE_IN_PRODUCTION === "1";
  if (production && provider === "console" && !consoleAllowed) {
    problems.push({
      name: "SMS_PROVIDER",
      message: "console only logs codes; set aliyun or tencent in production (or SMS_ALLOW_CONSOLE_IN_PRODUCTION=true)",
    });
  }
  // R3's minute between codes to one phone is not for an operator to shorten (docs/decisions/0079).
  if (production && env.SMS_CODE_INTERVAL_SECONDS !== undefined) {
    problems.push({
      name: "SMS_CODE_INTERVAL_SECONDS",
      message: "is for test rigs only; production keeps one code per phone per 60 s (R3): unset it",
    });
  }
  for (const name of SMS_SETTINGS_REQUIRED[provider] ?? []) {
    if (!env[name]) problems.push({ name, message: `is required when SMS_PROVIDER=${provider}` });
  }
  return problems;
};

const clientAddresses: ConfigCheck = (env, production) => {
  // Unset, every visitor behind a load balancer would share its address and so one per-IP limit.
  if (!production || env.TRUST_PROXY !== undefined) return [];
  return [
    {
      name: "TRUST_PROXY",
      message:
        "生产环境必须设置：在负载均衡或反向代理之后填代理跳数（如 1）或代理地址，客户端直接连接时填 TRUST_PROXY=0 / " +
        "is required in production: the proxy hop count (e.g. 1) or proxy addresses behind a load balancer, " +
        "TRUST_PROXY=0 when clients connect directly",
    },
  ];
};

const database: ConfigCheck = (env, production) => {
  const url = env.DATABASE_URL;
  if (url) {
    return /^postgres(ql)?:\/\//.test(url)
      ? []
      : [{ name: "DATABASE_URL", message: "must be a PostgreSQL URL: postgres://user:password@host:5432/database" }];
  }
  // The embedded database is one process on one disk: fine for a small shop, but chosen, not fallen into.
  if (production && !env.DATA_DIR) {
    return [
      {
        name: "DATABASE_URL",
        message:
          "is required in production (postgres://user:password@host:5432/database); to run on the embedded " +
          "database instead (one process only), set DATA_DIR to its directory",
      },
    ];
  }
  return [];
};

const redis: ConfigCheck = (env) =>
  env.REDIS_URL && !/^rediss?:\/\//.test(env.REDIS_URL)
    ? [{ name: "REDIS_URL", message: "must be a Redis URL: redis://host:6379 (rediss:// with TLS)" }]
    : [];

const leadRobots: ConfigCheck = (env, production) => {
  const problems: ConfigProblem[] = [];
  if (env.WECOM_WEBHOOK_URL && env.DINGTALK_WEBHOOK_URL) {
    problems.push({
      name: "DINGTALK_WEBHOOK_URL",
      message: "lead notifications go to one robot: set WECOM_WEBHOOK_URL or DINGTALK_WEBHOOK_URL, not both",
    });
  }
  // Each message links to the lead in the back office; localhost would send staff nowhere.
  if (production && (env.WECOM_WEBHOOK_URL || env.DINGTALK_WEBHOOK_URL) && !env.ADMIN_BASE_URL) {
    problems.push({
      name: "ADMIN_BASE_URL",
      message:
        "is required in production with a lead robot: the shop's address (https://…), so messages link to the lead",
    });
  }
  return problems;
};

// A canonical link or sitemap naming localhost would take the shop out of search engines (ADR 0029).
const publicOrigin: ConfigCheck = (env, production) =>
  production && !env.PUBLIC_ORIGIN
    ? [
        {
          name: "PUBLIC_ORIGIN",
          message:
            "生产环境必须设置网站对外地址（如 https://www.example.cn），规范链接与站点地图使用它 / " +
            "is required in production: the shop's public origin (e.g. https://www.example.cn), used by canonical links and the sitemap",
        },
      ]
    : [];

const ALIPAY_SETTINGS_REQUIRED = [
  "ALIPAY_APP_ID",
  "ALIPAY_PRIVATE_KEY",
  "ALIPAY_PUBLIC_KEY",
  "ALIPAY_SELLER_ID",
  "ALIPAY_NOTIFY_URL",
] as const;

const WECHATPAY_SETTINGS_REQUIRED = [
  "WECHATPAY_MCHID",
  "WECHATPAY_APPID",
  "WECHATPAY_MERCHANT_SERIAL",
  "WECHATPAY_MERCHANT_PRIVATE_KEY",
  "WECHATPAY_APIV3_KEY",
  "WECHATPAY_NOTIFY_URL",
] as const;

const on = (value: string | undefined) => value === "true" || value === "1";

// Payments (ADR 0024, ADR 0062): the offline provider and the fake WeChat Pay gateway take no money;
// each real provider needs all its settings.
const payments: ConfigCheck = (env, production) => {
  const providers = (env.PAYMENT_PROVIDER ?? "offline").split(",").map((n) => n.trim());
  const problems: ConfigProblem[] = [];
  if (production && providers.includes("offline") && !on(env.PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION)) {
    problems.push({
      name: "PAYMENT_PROVIDER",
      message:
        "offline marks trades paid without money; set alipay in production (or PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION=true: no payments)",
    });
  }
  if (providers.includes("alipay")) {
    for (const name of ALIPAY_SETTINGS_REQUIRED) {
      if (!env[name]) problems.push({ name, message: "is required when PAYMENT_PROVIDER=alipay" });
    }
  }
  if (production && on(env.WECHATPAY_FAKE_GATEWAY)) {
    problems.push({
      name: "WECHATPAY_FAKE_GATEWAY",
      message: "the fake WeChat Pay gateway takes no money; unset it in production",
    });
  }
  if (providers.includes("wechat") && !on(env.WECHATPAY_FAKE_GATEWAY)) {
    for (const name of WECHATPAY_SETTINGS_REQUIRED) {
      if (!env[name]) problems.push({ name, message: "is required when PAYMENT_PROVIDER includes wechat" });
    }
    const publicKeyMode = !!env.WECHATPAY_PUBLIC_KEY_ID || !!env.WECHATPAY_PUBLIC_KEY;
    const certificateMode = !!env.WECHATPAY_PLATFORM_CERT_SERIAL || !!env.WECHATPAY_PLATFORM_CERT;
    if (!publicKeyMode && !certificateMode) {
      problems.push({
        name: "WECHATPAY_PUBLIC_KEY",
        message:
          "WeChat Pay's public key (WECHATPAY_PUBLIC_KEY_ID and WECHATPAY_PUBLIC_KEY) or its platform certificate (WECHATPAY_PLATFORM_CERT_SERIAL and WECHATPAY_PLATFORM_CERT) is required to verify notifies",
      });
    }
    if (publicKeyMode) {
      for (const name of ["WECHATPAY_PUBLIC_KEY_ID", "WECHATPAY_PUBLIC_KEY"] as const)
        if (!env[name]) problems.push({ name, message: "is required with the other WeChat Pay public-key setting" });
    }
    if (certificateMode) {
      for (const name of ["WECHATPAY_PLATFORM_CERT_SERIAL", "WECHATPAY_PLATFORM_CERT"] as const)
        if (!env[name]) problems.push({ name, message: "is required with the other platform-certificate setting" });
    }
    // JSAPI needs the visitor's openid, which only the official account's secret obtains (docs/decisions/0066).
    if (on(env.WECHATPAY_JSAPI) && !env.WECHAT_APP_SECRET)
      problems.push({
        name: "WECHAT_APP_SECRET",
        message: "is required when WECHATPAY_JSAPI=true (WeChat OAuth for the openid)",
      });
  }
  return problems;
};

/** Every check run at start. A module with settings of its own adds its check here. */
export const configChecks: ConfigCheck[] = [
  secrets,
  database,
  redis,
  clientAddresses,
  publicOrigin,
  sms,
  payments,
  leadRobots,
];

export function runConfigChecks(env: RawEnv, checks: readonly ConfigCheck[] = configChecks): ConfigProblem[] {
  const production = env.NODE_ENV === "production";
  return checks.flatMap((check) => check(env, production));
}
