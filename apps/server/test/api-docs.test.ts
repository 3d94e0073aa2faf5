// The OpenAPI document and its UI (/docs) are served only when API_DOCS says so: on by default in
// development and tests, off by default in production, where they would map the API for anyone. The
// document validates (swagger-parser) and lints clean under Redocly's recommended rules but for the
// warnings ADR 0050 keeps.
import SwaggerParser from "@apidevtools/swagger-parser";
import { createConfig, lintFromString } from "@redocly/openapi-core";
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

  it("is a valid OpenAPI document: swagger-parser validates it, Redocly's recommended rules pass", async () => {
    const app = await buildApp({ env: testEnv(), database: testDb.database, serveWeb: false });
    let source: string;
    try {
      source = (await app.inject("/docs/json")).body;
    } finally {
      await app.close();
    }
    // validate() dereferences in place: give it a copy. A $ref to a schema that is not there throws.
    await expect(SwaggerParser.validate(JSON.parse(source))).resolves.toBeTruthy();
    const problems = await lintFromString({
      source,
      absoluteRef: "/docs/json",
      config: await createConfig({ extends: ["recommended"] }),
    });
    const found = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    // Kept on purpose (docs/decisions/0050): the shop's API has no licence to name.
    expect(found).toEqual(["warn info-license: Info object should contain `license` field. (#/info)"]);
  });

  it("names each operation after its contract endpoint and says which session it needs", async () => {
    const app = await buildApp({ env: testEnv(), database: testDb.database, serveWeb: false });
    try {
      const document = (await app.inject("/docs/json")).json();
      const operation = (path: string, method: string) => document.paths[path][method];
      expect(operation("/api/goodsCategories/list", "get")).toMatchObject({
        operationId: "goodsCategories",
        security: [],
      });
      expect(operation("/api/admin/staff/create", "post")).toMatchObject({
        operationId: "adminStaffCreate",
        security: [{ staffSession: [], staffCsrf: [] }],
      });
      expect(document.components.securitySchemes.customerSession).toEqual(
        expect.objectContaining({ type: "apiKey", in: "cookie", name: "token" }),
      );
      expect(document.components.securitySchemes.staffSession).toEqual(
        expect.objectContaining({ type: "apiKey", in: "cookie", name: "yj_staff" }),
      );
      expect(operation("/api/goods/index", "get").responses["4XX"].content["application/json"].schema).toMatchObject({
        properties: { code: { enum: [0] } },
      });
    } finally {
      await app.close();
    }
  });

  it("API_DOCS defaults by NODE_ENV and refuses other values", () => {
    expect(loadEnv(PRODUCTION).API_DOCS).toBe(false);
    expect(loadEnv({ NODE_ENV: "development" }).API_DOCS).toBe(true);
    expect(loadEnv({ ...PRODUCTION, API_DOCS: "1" }).API_DOCS).toBe(true);
    expect(() => loadEnv({ API_DOCS: "yes please" })).toThrow(/API_DOCS/);
  });
});
