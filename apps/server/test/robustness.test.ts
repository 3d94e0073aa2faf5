// R11: every endpoint the server serves, fed junk, answers the envelope with a Chinese message and never
// a 5xx or a stack trace: GETs with junk in each parameter (robustness-shop-gets.test.ts and
// robustness-admin-gets.test.ts), POSTs with bodies of the wrong kind or size (here, with the general
// checks). Endpoints that need a session are probed with one, so the junk reaches validation and the handler.
//
// The served endpoints are iterated, not listed (the contract's table minus plannedEndpoints); the
// first test fails when the app registers an endpoint of the table that is not among them.
import type { EndpointDef } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../src/app.js";
import { registerEndpoint } from "../src/http/endpoint.js";
import { asStaff } from "./admin-fixtures.js";
import { describeEachBackend, type TestContext, testEnv } from "./helper.js";
import { CJK, envelopeProblem, JUNK_STRINGS } from "./junk.js";
import { needsStaff, type ProbeRequest, probe, useProbers, withSession } from "./robustness-probes.js";
import { registeredEndpointNames, servedEndpointNames, servedEndpoints } from "./served.js";

const NOT_REGISTERED = "接口不存在";

describeEachBackend("R11 junk input", (ctx: TestContext) => {
  const probers = useProbers(ctx);

  it("probes every endpoint the app registers", () => {
    expect(registeredEndpointNames(ctx.app)).toEqual(servedEndpointNames);
  });

  it("junk that fails validation answers code 0 with errorCode 1001 and a Chinese message", async () => {
    const { status, body } = await ctx.api(`/api/goods/index?current=${encodeURIComponent("' OR 1=1 --")}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, data: null, errorCode: 1001 });
    expect(body.message).toMatch(CJK);
  });

  it("an SQL-injection string is only text: it finds nothing and drops nothing", async () => {
    const before = await ctx.api<{ total: number }>("/api/goods/index?pageSize=1");
    for (const attack of ["' OR 1=1 --", "1; drop table goods", "1' union select null, version() --"]) {
      const { body } = await ctx.api<{ total: number; dataList: unknown[] }>(
        `/api/goods/index?name=${encodeURIComponent(attack)}`,
      );
      expect(body.code).toBe(1);
      expect(body.data.total).toBe(0);
    }
    const after = await ctx.api<{ total: number }>("/api/goods/index?pageSize=1");
    expect(after.body.data.total).toBe(before.body.data.total);
    expect(after.body.data.total).toBeGreaterThan(0);
  });

  it("a URL that cannot be decoded answers the envelope with a numeric code, never Fastify's own error", async () => {
    for (const url of ["/api/%E0%A4%A", "/api/goods/%FF%FE", "/api/customers/appointment%", "/api/%"]) {
      for (const method of ["GET", "POST"] as const) {
        const res = await ctx.app.inject({ method, url, ...(method === "POST" ? { payload: {} } : {}) });
        expect(envelopeProblem(res.statusCode, res.body), `${method} ${url}`).toBeNull();
        expect(res.json(), `${method} ${url}`).toMatchObject({
          code: 0,
          data: null,
          message: "请求地址无效",
          errorCode: 1001,
        });
        expect(res.body).not.toContain("FST_ERR");
      }
    }
    // A page with a bad URL gets a plain 400, not JSON.
    const page = await ctx.app.inject({ method: "GET", url: "/goods/%E0%A4%A" });
    expect(page.statusCode).toBe(400);
    expect(page.body).toBe("400 请求地址无效");
  });

  it("an unknown /api path answers a 404 envelope", async () => {
    for (const url of ["/api/nope", "/api/goods/nope?id=1", "/api", "/api/"]) {
      const res = await ctx.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 0, message: NOT_REGISTERED, data: null });
    }
    const post = await ctx.app.inject({ method: "POST", url: "/api/nope", payload: { a: 1 } });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 0, message: NOT_REGISTERED });
  });

  it("list sizes are capped whatever pageSize asks", async () => {
    for (const url of ["/api/goods/index", "/api/store/query_all_store", "/api/article/query_list"]) {
      const { body } = await ctx.api<{ pageSize: number; dataList: unknown[] }>(`${url}?pageSize=99999999`);
      expect(body.code, url).toBe(1);
      expect(body.data.pageSize, url).toBe(100);
      expect(body.data.dataList.length, url).toBeLessThanOrEqual(100);
    }
  });

  // Bodies: a probe POST route on an app built the same way (so the body checks run whatever POST
  // endpoints are served), plus every served POST endpoint.
  const probeEndpoint = {
    method: "POST",
    path: "/api/__probe/echo",
    summary: "test probe",
    auth: "none",
    body: z.object({ phone: z.string().max(20), note: z.string().max(200).optional() }),
    data: z.object({ phone: z.string() }),
  } as const satisfies EndpointDef;
  let probeApp: FastifyInstance;
  beforeAll(async () => {
    probeApp = await buildApp({ env: testEnv(), database: ctx.database, serveWeb: false });
    registerEndpoint(probeApp, probeEndpoint, ({ body }) => ({ phone: body.phone }));
    await probeApp.ready();
  });
  afterAll(async () => {
    await probeApp?.close();
  });

  function badBodies(url: string): ProbeRequest[] {
    const big = JSON.stringify({ phone: "1", note: "x".repeat(100 * 1024) });
    return [
      {
        label: "invalid JSON",
        options: { payload: '{"phone": "1",', headers: { "content-type": "application/json" } },
      },
      { label: "JSON null", options: { payload: "null", headers: { "content-type": "application/json" } } },
      { label: "JSON array", options: { payload: "[1,2]", headers: { "content-type": "application/json" } } },
      { label: "JSON string", options: { payload: '"x"', headers: { "content-type": "application/json" } } },
      { label: "empty JSON body", options: { payload: "", headers: { "content-type": "application/json" } } },
      { label: "text/plain", options: { payload: "phone=1", headers: { "content-type": "text/plain" } } },
      {
        label: "form body",
        options: { payload: "phone=13800000000", headers: { "content-type": "application/x-www-form-urlencoded" } },
      },
      { label: "unknown content type", options: { payload: "<x/>", headers: { "content-type": "application/xml" } } },
      { label: "100 KB body", options: { payload: big, headers: { "content-type": "application/json" } } },
      {
        label: "junk field types",
        options: {
          payload: { phone: ["' OR 1=1 --"], note: { a: 1 } },
          headers: { "content-type": "application/json" },
        },
      },
      ...JUNK_STRINGS.map((s, i) => ({
        label: `junk string #${i}`,
        options: { payload: { phone: s, note: s, mobile: s, code: s, name: s, city: s }, headers: {} },
      })),
    ].map(({ label, options }) => ({ label: `POST ${url} ${label}`, options: { method: "POST", url, ...options } }));
  }

  it("POST bodies of the wrong kind or size answer the envelope (probe route)", async () => {
    expect(await probe(probeApp, badBodies(probeEndpoint.path))).toEqual([]);
    const ok = await probeApp.inject({ method: "POST", url: probeEndpoint.path, payload: { phone: "1" } });
    expect(ok.json()).toMatchObject({ code: 1, data: { phone: "1" } });
    for (const [label, payload, type] of [
      ["invalid JSON", '{"phone":', "application/json"],
      ["text/plain", "phone=1", "text/plain"],
      ["form", "phone=1", "application/x-www-form-urlencoded"],
      ["100 KB", JSON.stringify({ phone: "1", note: "x".repeat(100 * 1024) }), "application/json"],
    ] as const) {
      const res = await probeApp.inject({
        method: "POST",
        url: probeEndpoint.path,
        payload,
        headers: { "content-type": type },
      });
      expect(res.statusCode, label).toBeLessThan(500);
      const body = res.json() as { code: number; message: string; data: unknown };
      expect(body.code, label).toBe(0);
      expect(body.data, label).toBeNull();
      expect(body.message, label).toMatch(CJK);
    }
  });

  for (const [name, endpoint] of servedEndpoints.filter(([, e]) => e.method === "POST")) {
    it(`POST ${endpoint.path} (${name}) answers bad bodies with the envelope`, async () => {
      let requests = badBodies(endpoint.path);
      let app = ctx.app;
      if (endpoint.auth === "session") {
        // A session each: a body that passes validation may end the session (logout).
        const sessions = await Promise.all(requests.map(() => probers.accounts.login()));
        requests = requests.map(({ label, options }, i) => ({ label, options: withSession(options, sessions[i]!) }));
        app = probers.accounts.app;
      }
      if (needsStaff(endpoint) && endpoint.path !== "/api/admin/session/logout") {
        requests = requests.map(({ label, options }) => ({ label, options: asStaff(probers.administrator, options) }));
        app = probers.staffApp;
      }
      expect(await probe(app, requests)).toEqual([]);
    });
  }
});
