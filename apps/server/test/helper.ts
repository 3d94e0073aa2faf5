// Builds the real app on a fresh database per test file: PGlite in memory always, and PostgreSQL
// too when TEST_DATABASE_URL is set (CI). Each PostgreSQL run gets its own database, dropped after.
import { randomBytes } from "node:crypto";
import type { Envelope } from "@yj/contract";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, inject } from "vitest";
import { type AppOptions, buildApp } from "../src/app.js";
import { type Env, loadEnv } from "../src/config/env.js";
import { type Database, migrateDatabase, openDatabase } from "../src/db/client.js";
import { loadDemoData } from "../src/db/seed/load-demo.js";
import type { RateLimiter } from "../src/limits/rate-limiter.js";
import { CJK } from "./junk.js";
import { adminClient, pgliteTemplateDump, postgresTemplate, type TemplatePlace } from "./support/database-templates.js";

export type Backend = "pglite" | "postgres";

/**
 * The backends a suite runs on. Without TEST_DATABASE_URL (a developer's machine) every suite runs on
 * PGlite. With it (CI), every suite runs on PostgreSQL, the production database, and only the suites
 * marked `embedded` run on PGlite too: those whose writes lean on transactions and row locks, which
 * the embedded database's single connection serialises its own way (docs/decisions/0071). The
 * browser suites run the built server on PGlite throughout.
 */
export function backendsFor(embedded: boolean): Backend[] {
  if (!process.env.TEST_DATABASE_URL) return ["pglite"];
  return embedded ? ["pglite", "postgres"] : ["postgres"];
}

export interface TestDatabase {
  database: Database;
  databaseUrl?: string;
  /** Removes the database (its copy on disk, or the PostgreSQL database); close it first. */
  drop(): Promise<void>;
  /** Closes the database and removes it. */
  close(): Promise<void>;
}

/**
 * The production limits (5 s to connect or wait for the pool, 10 s a statement or an idle
 * transaction) are for a server that is not starved. CI runs these files beside the browser suites
 * on two cores, where a test process can wait seconds for the CPU between two statements: there a
 * limit meant to catch a stuck database fails a healthy test (an R7 order answered 1503 after 5 s
 * in the pool's queue, a login's transaction ended by the idle timeout). The suites that test those
 * limits open their database with their own.
 */
const TEST_DATABASE_PATIENCE = {
  timeouts: { connectMs: 60_000, statementMs: 60_000 },
  poolWait: { maxWaiting: Number.POSITIVE_INFINITY, timeoutMs: 60_000 },
};

/**
 * A fresh, migrated (and unless told otherwise seeded) database: a copy of the run's template when
 * the run has one (support/database-templates.ts, ADR 0043), else made from nothing.
 */
export async function createTestDatabase(backend: Backend, { seed = true } = {}): Promise<TestDatabase> {
  const place = templatePlace();
  const kind = seed ? "seeded" : "migrated";
  if (backend === "pglite") {
    if (!place) {
      const database = await openDatabase({ dataDir: "memory://" });
      await fillDatabase(database, seed);
      return withClose({ database, drop: async () => {} });
    }
    const loadDataDir = await pgliteTemplateDump(place, kind);
    const database = await openDatabase({ dataDir: "memory://", loadDataDir });
    return withClose({ database, drop: async () => {} });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const template = place ? await postgresTemplate(place, adminUrl, kind) : undefined;
  const name = `yj_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: "unused",
    poolSize: 25,
    ...TEST_DATABASE_PATIENCE,
  });
  if (!template) await fillDatabase(database, seed);
  return withClose({
    database,
    databaseUrl: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  });
}

/** The run's templates (vitest-global-setup.ts), or undefined under a config without it. */
export function templatePlace(): TemplatePlace | undefined {
  try {
    return inject("databaseTemplates");
  } catch {
    return undefined;
  }
}

function withClose(testDb: Omit<TestDatabase, "close">): TestDatabase {
  return {
    ...testDb,
    async close() {
      await testDb.database.close();
      await testDb.drop();
    },
  };
}

async function fillDatabase(database: Database, seed: boolean): Promise<void> {
  await database.withStartupLock(async (db) => {
    await migrateDatabase(database, db);
    if (seed) await loadDemoData(db, { reset: false });
  });
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = adminClient(adminUrl);
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Redis keys of this test run (REDIS_URL): never the production ones, nor another run's. */
export const TEST_REDIS_PREFIX = `yj:test:${randomBytes(4).toString("hex")}:`;

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    API_CACHE_SECONDS: "0",
    REDIS_PREFIX: TEST_REDIS_PREFIX,
    // Tests send many codes from nearby addresses; the human check and the per-network budget are
    // tested on their own (accounts-human-check.test.ts), each suite setting its thresholds.
    SMS_CHECK_AFTER_NETWORK_SENDS: "10000000",
    SMS_CHECK_AFTER_BUDGET_PERCENT: "100",
    SMS_NETWORK_DAILY_BUDGET: "10000000",
    ...overrides,
  });
}

/**
 * The contract's envelope as a test reads it: data typed as the success answer, since a failure's
 * null data fails the test's own expectations.
 */
export type ApiAnswer<T> = Envelope<T> & { data: T };

/** What a suite runs against on one backend: its fresh database. */
export interface DatabaseContext {
  backend: Backend;
  database: Database;
  /** The PostgreSQL database's own URL; none on PGlite. */
  databaseUrl?: string;
}

export interface TestContext extends DatabaseContext {
  app: FastifyInstance;
  /** inject and parse the envelope. */
  api<T = unknown>(options: InjectOptions | string): Promise<{ status: number; body: ApiAnswer<T> }>;
}

/** buildApp's options but the database; `env` holds overrides of testEnv()'s. */
export type TestAppOptions = Partial<Omit<AppOptions, "env" | "database">> & { env?: Record<string, string> };

export interface SuiteOptions {
  /** The demo shop loaded into the database (default true). */
  seed?: boolean;
  /** The app built on it (default: testEnv(), no web pages), or false: the suite builds its own. */
  app?: TestAppOptions | false;
  /** false: not even the database, only the backend's name (the suite opens databases itself). */
  database?: false;
  /** Run on PGlite as well as PostgreSQL when both are at hand (see backendsFor). */
  embedded?: boolean;
}

/**
 * The one per-backend loop of the server tests: runs the suite once per backend (backendsFor), each with its own fresh database and, unless told otherwise,
 * an app built on it with `options.app`. Everything is closed (and the PostgreSQL database dropped)
 * after the suite.
 */
export function describeEachBackend(name: string, suite: (ctx: TestContext) => void): void;
export function describeEachBackend(
  name: string,
  options: SuiteOptions & { app?: TestAppOptions },
  suite: (ctx: TestContext) => void,
): void;
export function describeEachBackend(
  name: string,
  options: SuiteOptions & { app: false },
  suite: (ctx: DatabaseContext) => void,
): void;
export function describeEachBackend(
  name: string,
  options: SuiteOptions & { app: false; database: false },
  suite: (ctx: { backend: Backend }) => void,
): void;
export function describeEachBackend(
  name: string,
  optionsOrSuite: SuiteOptions | ((ctx: TestContext) => void),
  maybeSuite?: (ctx: TestContext) => void,
): void {
  const options = typeof optionsOrSuite === "function" ? {} : optionsOrSuite;
  const suite = (typeof optionsOrSuite === "function" ? optionsOrSuite : maybeSuite) as (ctx: TestContext) => void;
  for (const backend of backendsFor(options.embedded ?? false)) {
    describe(`${name} [${backend}]`, () => {
      const ctx = { backend } as TestContext;
      let testDb: TestDatabase | undefined;
      beforeAll(async () => {
        if (options.database === false) return;
        testDb = await createTestDatabase(backend, { seed: options.seed ?? true });
        ctx.database = testDb.database;
        ctx.databaseUrl = testDb.databaseUrl;
        if (options.app === false) return;
        const { env, ...appOptions } = options.app ?? {};
        // No data-retention round at start unless a suite asks: it would remove rows that suites
        // planted with clocks of their own (docs/decisions/0077; data-retention.test.ts drives it).
        ctx.app = await buildApp({
          serveWeb: false,
          retention: { runJob: false },
          ...appOptions,
          env: testEnv(env),
          database: testDb.database,
        });
        await ctx.app.ready();
        ctx.api = async <T>(request: InjectOptions | string) => {
          const res = await ctx.app.inject(request);
          return { status: res.statusCode, body: res.json() as ApiAnswer<T> };
        };
      });
      afterAll(async () => {
        await ctx.app?.close();
        await testDb?.close();
      });
      suite(ctx);
    });
  }
}

/** The data of a successful answer: 200 and code 1, or the test fails naming the URL. */
export async function okData<T>(ctx: TestContext, url: string): Promise<T> {
  const { status, body } = await ctx.api<T>(url);
  expect(status, url).toBe(200);
  expect(body.code, `${url}: ${body.message}`).toBe(1);
  return body.data;
}

/**
 * A refusal: the failure envelope with `errorCode` and a Chinese message, answered with `status`
 * (or, without one, anything but a 5xx). Answers the envelope.
 */
export async function expectRefusal(ctx: TestContext, url: string, errorCode: number, status?: number) {
  const { status: answered, body } = await ctx.api(url);
  if (status === undefined) expect(answered, url).toBeLessThan(500);
  else expect(answered, url).toBe(status);
  expect(body, url).toMatchObject({ code: 0, data: null, errorCode });
  expect(body.message, url).toMatch(CJK);
  return body;
}

/** A limiter that lets everything through: for tests about something other than limits. */
export const allowAll: RateLimiter = {
  consume: async () => ({ allowed: true }),
  count: async () => 0,
  refund: async () => {},
  close: async () => {},
};
