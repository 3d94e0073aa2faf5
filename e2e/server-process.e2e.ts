// The server as a newcomer meets it: the built server starts on an empty data directory, loads
// the demo shop, answers the read API; a second process on the same directory is refused, and so is
// production without TRUST_PROXY; a restart keeps the data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "./support/server";

const LOADED_PACKAGES_PROBE = new URL("./support/report-loaded-packages.mjs", import.meta.url).pathname;

describe("server process on the embedded database", () => {
  let server: RunningServer;

  beforeAll(async () => {
    // A first start: migrations and the demo seed on an empty directory, not the run's template.
    server = await startServer({ fresh: true });
  });
  afterAll(async () => {
    await server?.stop();
    server?.cleanup();
  });

  it("serves the demo shop's read API after a first start", async () => {
    const res = await fetch(`${server.url}/api/goods/index?isShow=1&category2=4&current=1&pageSize=12&status=1`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { code: number; data: { dataList: { name: string }[]; total: number } };
    expect(body.code).toBe(1);
    expect(body.data.dataList).toHaveLength(12);
    expect(body.data.total).toBeGreaterThan(12);
    const settings = (await (await fetch(`${server.url}/api/site/settings`)).json()) as { data: { hotline: string } };
    expect(settings.data.hotline).toBe("0571-8678-0130");
  });

  it("refuses a second process on the same data directory with a clear message", async () => {
    const second = await startServer({ dataDir: server.dataDir, expectExit: true });
    expect(second.process.exitCode).not.toBe(0);
    expect(second.logs.join("\n")).toMatch(/in use by another running server/);
    // The first server is unharmed.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("refuses to start in production until TRUST_PROXY is set, naming it in Chinese and English", async () => {
    const refused = await startServer({
      expectExit: true,
      env: {
        NODE_ENV: "production",
        CODE_HASH_SECRET: "0123456789abcdef0123456789abcdef",
        SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
        PUBLIC_ORIGIN: "https://shop.example.cn",
        PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
        TRUST_PROXY: "",
      },
    });
    refused.cleanup();
    expect(refused.process.exitCode).toBe(1);
    const output = refused.logs.join("\n");
    expect(output).toMatch(/TRUST_PROXY: 生产环境必须设置/);
    expect(output).toMatch(/is required in production/);
  });

  it("shuts down gracefully and restarts on the same data without reseeding, loading only what a start needs", async () => {
    expect(await server.stop("SIGTERM")).toBe(0);
    // The same built server, started by a probe that then names the packages the start loaded.
    const restarted = await startServer({ dataDir: server.dataDir, entry: LOADED_PACKAGES_PROBE });
    try {
      expect(restarted.logs.join("\n")).not.toMatch(/demo data loaded/);
      const res = await fetch(`${restarted.url}/api/goodsCategories/list`);
      expect(((await res.json()) as { code: number }).code).toBe(1);
      // Loaded at the first export, with Alipay configured, where /docs is served (docs/decisions/0095).
      await expect.poll(() => restarted.logLines().find((l) => l.msg === "loaded packages")).toBeTruthy();
      const { packages } = restarted.logLines().find((l) => l.msg === "loaded packages") as { packages: string[] };
      expect(packages).toContain("fastify");
      expect(packages).not.toContain("exceljs");
      expect(packages).not.toContain("alipay-sdk");
      expect(packages).not.toContain("undici");
      // A render runs the React carried in the SSR bundle, its production build (docs/decisions/0097).
      expect(packages).not.toContain("react-dom");
    } finally {
      await restarted.stop();
    }
  });
});
