// A production environment that passes every start-up check (config/env.ts), for the tests of one
// setting: they leave that setting out, or change it, and keep the rest valid.

export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  CODE_HASH_SECRET: "0123456789abcdef0123456789abcdef",
  SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
  PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
  TRUST_PROXY: "0",
  PUBLIC_ORIGIN: "https://shop.example.cn",
  DATA_DIR: "./data",
};

/** PRODUCTION_ENV without the named settings. */
export function productionEnvWithout(...names: (keyof typeof PRODUCTION_ENV)[]): Record<string, string> {
  const env: Record<string, string> = { ...PRODUCTION_ENV };
  for (const name of names) delete env[name];
  return env;
}
