// Draining (ADR 0033): once the process is asked to stop, /readyz answers 503 so the load balancer
// takes the instance out, while /healthz and every other route still answer.

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { allowAll, createTestDatabase, type TestDatabase, testEnv } from "./helper.js";

describe("draining", () => {
  const shutdown = { draining: false };
  let testDb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await createTestDatabase("pglite");
    app = await buildApp({
      env: testEnv(),
      database: testDb.database,
      serveWeb: false,
      accounts: { limiter: allowAll },
      leads: { runDelivery: false },
      shutdown,
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.database.close();
  });

  it("answers /readyz 503 while draining, and keeps serving requests meanwhile", async () => {
    expect((await app.inject("/readyz")).statusCode).toBe(200);
    shutdown.draining = true;
    const ready = await app.inject("/readyz");
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "draining" });
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect((await app.inject("/healthz")).statusCode).toBe(200);
    const served = await app.inject("/api/goodsCategories/list");
    expect(served.json()).toMatchObject({ code: 1 });
    // Each answer closes its connection, so no idle keep-alive connection outlives the drain.
    expect(served.headers.connection).toBe("close");
  });

  it("keeps connections alive while not draining", async () => {
    shutdown.draining = false;
    const served = await app.inject("/api/goodsCategories/list");
    expect(served.headers.connection).not.toBe("close");
  });
});
