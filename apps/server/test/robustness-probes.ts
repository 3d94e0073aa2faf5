// The probes of R11 (junk input), shared by the robustness suites: robustness.test.ts (the general
// checks and every POST endpoint), robustness-shop-gets.test.ts and robustness-admin-gets.test.ts (every
// GET endpoint, split in two so the three files run side by side, docs/decisions/0043).
import type { EndpointDef } from "@yj/contract";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../src/app.js";
import { AccountsHarness, type Session, uniqueIp } from "./accounts-fixtures.js";
import { asStaff, newStaff, type StaffSession } from "./admin-fixtures.js";
import { type TestContext, testEnv } from "./helper.js";
import { COMMON_PARAMS, envelopeProblem, JUNK, type Junk, QUERY_PARSER_JUNK } from "./junk.js";
import { servedEndpoints } from "./served.js";

export type ProbeRequest = { label: string; options: InjectOptions };

/**
 * Parameter names of an endpoint, each with the junk it is fed: its schema's keys every kind of junk,
 * the usual suspects it does not declare only what the query-string parser sees (QUERY_PARSER_JUNK).
 * An endpoint whose query is not a plain object schema gets every kind in every one.
 */
function paramJunk(endpoint: EndpointDef): [string, readonly Junk[]][] {
  if (!(endpoint.query instanceof z.ZodObject) && endpoint.query !== undefined) {
    return COMMON_PARAMS.map((name) => [name, JUNK]);
  }
  const declared = endpoint.query instanceof z.ZodObject ? Object.keys(endpoint.query.shape) : [];
  const undeclared = COMMON_PARAMS.filter((name) => !declared.includes(name));
  return [
    ...declared.map((name): [string, readonly Junk[]] => [name, JUNK]),
    ...undeclared.map((name): [string, readonly Junk[]] => [name, QUERY_PARSER_JUNK]),
  ];
}

/**
 * A valid value for each required parameter, so junk in the other parameters reaches the handler
 * instead of stopping at the missing one. Derived from the schema: try candidates until one parses.
 */
function baseQuery(endpoint: EndpointDef): Record<string, string> {
  const base: Record<string, string> = {};
  if (!(endpoint.query instanceof z.ZodObject)) return base;
  for (const [key, schema] of Object.entries(endpoint.query.shape as Record<string, z.ZodType>)) {
    if (schema.safeParse(undefined).success) continue;
    const candidate = ["1", "13800000000", "杭州市"].find((c) => schema.safeParse(c).success);
    if (candidate !== undefined) base[key] = candidate;
  }
  return base;
}

/** A request as a logged-in customer makes it: the session cookie and the CSRF header. */
export function withSession(options: InjectOptions, session: Session): InjectOptions {
  return {
    ...options,
    headers: { ...(options.headers ?? {}), "x-csrf-token": session.csrf },
    cookies: { token: session.token, csrf: session.csrf },
  };
}

/**
 * Runs the requests a few at a time and returns the problems found, labelled. Each comes from a client
 * address of its own, so the per-IP request limits let every one reach its endpoint.
 */
export async function probe(app: FastifyInstance, requests: ProbeRequest[]): Promise<string[]> {
  const problems: string[] = [];
  const BATCH = 8;
  for (let i = 0; i < requests.length; i += BATCH) {
    await Promise.all(
      requests.slice(i, i + BATCH).map(async ({ label, options }) => {
        const res = await app.inject({ remoteAddress: uniqueIp(), ...options });
        const problem = envelopeProblem(res.statusCode, res.body);
        if (problem) problems.push(`${label}: ${problem}`);
      }),
    );
  }
  return problems;
}

function junkRequests(endpoint: EndpointDef): ProbeRequest[] {
  const base = baseQuery(endpoint);
  const requests: ProbeRequest[] = [];
  for (const [param, junkKinds] of paramJunk(endpoint)) {
    const rest = Object.entries(base)
      .filter(([key]) => key !== param)
      .map(([key, v]) => `${encodeURIComponent(key)}=${encodeURIComponent(v)}`);
    for (const junk of junkKinds) {
      const url = `${endpoint.path}?${[...rest, junk.fragment(param)].join("&")}`;
      requests.push({ label: `${endpoint.path} ${param}=<${junk.label}>`, options: { method: "GET", url } });
    }
  }
  return requests;
}

/** Who the probes act as: a customer through an app whose SMS codes the test reads, and an administrator. */
export interface Probers {
  accounts: AccountsHarness;
  administrator: StaffSession;
  /**
   * The back office's writes all come from one member: through an app without the per-member write
   * limit (ADR 0038), as the benches switch limits off; admin-writes.test.ts tests the limit itself.
   */
  staffApp: FastifyInstance;
}

/** Builds the probers before the suite's tests and closes them after. */
export function useProbers(ctx: TestContext): Probers {
  const probers = {} as Probers;
  beforeAll(async () => {
    probers.accounts = await AccountsHarness.build(ctx.database);
    probers.administrator = await newStaff(ctx.app, ctx.database.db, "admin");
    probers.staffApp = await buildApp({
      env: testEnv({ RATE_LIMIT_STAFF_WRITES_PER_MINUTE: "0" }),
      database: ctx.database,
      serveWeb: false,
    });
  });
  afterAll(async () => {
    await probers.accounts?.close();
    await probers.staffApp?.close();
  });
  return probers;
}

/** Back-office endpoints are probed as an administrator, so the junk reaches their validation. */
export const needsStaff = (endpoint: EndpointDef) => endpoint.auth === "staff" && endpoint.permission !== "public";

/** The served GET endpoints of the back office (`back: true`) or of the storefront. */
export function servedGets(back: boolean): (readonly [string, EndpointDef])[] {
  return servedEndpoints.filter(([, e]) => e.method === "GET" && e.path.startsWith("/api/admin/") === back);
}

/** One test per GET endpoint: junk in every parameter answers the envelope. */
export function probeGets(ctx: TestContext, probers: Probers, endpoints: readonly (readonly [string, EndpointDef])[]) {
  for (const [name, endpoint] of endpoints) {
    it(`GET ${endpoint.path} (${name}) answers junk in every parameter with the envelope`, async () => {
      let requests = junkRequests(endpoint);
      expect(requests.length).toBeGreaterThanOrEqual(QUERY_PARSER_JUNK.length * COMMON_PARAMS.length);
      let app = ctx.app;
      if (endpoint.auth === "session") {
        const session = await probers.accounts.login();
        requests = requests.map(({ label, options }) => ({ label, options: withSession(options, session) }));
        app = probers.accounts.app;
      }
      if (needsStaff(endpoint)) {
        requests = requests.map(({ label, options }) => ({ label, options: asStaff(probers.administrator, options) }));
      }
      expect(await probe(app, requests)).toEqual([]);
    });
  }
}
