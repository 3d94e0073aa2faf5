// The OpenAPI document and its UI (/docs) are served only when API_DOCS says so: on by default in
// development and tests, off by default in production, where they would map the API for anyone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadEnv } from "../src/config/env.js";
import { createTestDatabase, type TestDatabase, testEnv } from "./helper.js";

const PRODUCTION = {
  NODE_ENV: "production",
  CODE_HASH_SECRET: "a-production-code-hash-secret-of-32-characters",
  SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
  PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
  TRUST_PROXY: "0",
  PUBLIC_ORIGIN: "https://shop.example.cn",
  DATA_DIR: "./data",
};

describe("API documentation (/docs)", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase("pglite", { seed: false });
  });
  afterAll(async () => {
    await testDb?.database.close();
  });

  async function statuses(env: Record<string, string>) {
    const app = await buildApp({ env: testEnv(env), database: testDb.database, serveWeb: false });
    try {
      const ui = await app.inject("/docs");
      const json = await app.inject("/docs/json");
      return [ui.statusCode < 400, json.statusCode];
    } finally {
      await app.close();
    }
  }

  it("is off in production unless API_DOCS=true", async () => {
    expect(await statuses(PRODUCTION)).toEqual([false, 404]);
    expect(await statuses({ ...PRODUCTION, API_DOCS: "true" })).toEqual([true, 200]);
  });

  it("is on in development and tests unless API_DOCS=false", async () => {
    expect(await statuses({ NODE_ENV: "development" })).toEqual([true, 200]);
    expect(await statuses({})).toEqual([true, 200]);
    expect(await statuses({ API_DOCS: "false" })).toEqual([false, 404]);
  });

  it("API_DOCS defaults by NODE_ENV and refuses other values", () => {
    expect(loadEnv(PRODUCTION).API_DOCS).toBe(false);
    expect(loadEnv({ NODE_ENV: "development" }).API_DOCS).toBe(true);
    expect(loadEnv({ ...PRODUCTION, API_DOCS: "1" }).API_DOCS).toBe(true);
    expect(() => loadEnv({ API_DOCS: "yes please" })).toThrow(/API_DOCS/);
  });
});
