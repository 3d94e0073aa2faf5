// A production host needs the build output and `npm ci --omit=dev`, nothing more (ADR 0033): the
// built server and web are copied into an empty folder with the package files, installed without
// dev dependencies (from the npm cache when it has them), started in production on the embedded
// database, and serve /healthz and a product page.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, type RunningServer, startServer } from "./support/server";

/** What a deployment copies: package files of every workspace (the lockfile names them all) and the builds. */
const DEPLOYED_PATHS = [
  "package.json",
  "package-lock.json",
  "packages/contract/package.json",
  "packages/api-client/package.json",
  "apps/server/package.json",
  "apps/server/dist",
  "apps/server/drizzle",
  "apps/server/assets",
  "apps/web/package.json",
  "apps/web/dist",
  "apps/admin/package.json",
  "apps/admin/dist",
  "e2e/package.json",
  "bench/package.json",
];

/** Dev tools that must not be needed (nor installed) at run time. */
const DEV_ONLY = ["vite", "vitest", "esbuild", "drizzle-kit", "typescript", "@biomejs/biome", "playwright-core"];

describe("production install", () => {
  const folder = mkdtempSync(join(tmpdir(), "yj-prod-install-"));
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    // Thousands of installed files take a while to delete on a busy disk: done in the background.
    spawn("rm", ["-rf", folder], { detached: true, stdio: "ignore" }).unref();
  });

  it("npm ci --omit=dev plus the build serves the shop", { timeout: 300_000 }, async () => {
    for (const path of DEPLOYED_PATHS) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      cpSync(join(ROOT, path), join(folder, path), { recursive: true });
    }
    const install = spawnSync(
      "npm",
      [
        "ci",
        "--omit=dev",
        "--workspace=apps/server",
        "--workspace=apps/web",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
      ],
      { cwd: folder, encoding: "utf8", timeout: 240_000 },
    );
    expect(install.status, `${install.stdout}\n${install.stderr}`).toBe(0);
    for (const name of DEV_ONLY) expect(existsSync(join(folder, "node_modules", name)), name).toBe(false);

    server = await startServer({
      entry: join(folder, "apps/server/dist/server.js"),
      cwd: folder,
      dataDir: join(folder, "data"),
      env: {
        NODE_ENV: "production",
        TRUST_PROXY: "0",
        CODE_HASH_SECRET: "production-install-test-secret-0123456789",
        SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
        PUBLIC_ORIGIN: "https://shop.example.cn",
        PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
        SEED_DEMO: "true",
        SHUTDOWN_DRAIN_MS: "0",
      },
    });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const list = (await (
      await fetch(`${server.url}/api/goods/index?isShow=1&current=1&pageSize=1&status=1`)
    ).json()) as {
      data: { dataList: { id: number; name: string }[] };
    };
    const product = list.data.dataList[0];
    if (!product) throw new Error("no goods in the demo shop");
    const page = await fetch(`${server.url}/app/product-detail/${product.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<h1`);
    expect(html).toContain(product.name);
    // The back office is part of the release too (deploy/Dockerfile copies apps/admin/dist).
    const admin = await fetch(`${server.url}/admin`);
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain("管理后台");
  });
});
