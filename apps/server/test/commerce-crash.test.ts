// R13: the server is killed with SIGKILL in the middle of a stream of orders, then started again on
// the same database. Every order is whole (lines, event, stored answer) or absent, and the stock
// taken is exactly the units of the orders that exist.
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { CSRF_HEADER, IDEMPOTENCY_HEADER, TOKEN_COOKIE } from "@yj/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers } from "../src/db/schema.js";
import { SessionStore } from "../src/modules/accounts/sessions.js";
import { uniquePhone } from "./accounts-fixtures.js";
import { ADDRESS, pickSkus, setStock, stockOf, type TestSku } from "./commerce-fixtures.js";
import { createTestDatabase, type TestDatabase } from "./helper.js";
import { startServerProcess } from "./support/server-process.js";

const INITIAL_STOCK = 100_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Starts the server from source on `databaseUrl` and resolves once it is ready. */
async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const server = startServerProcess({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    RATE_LIMIT_WRITES_PER_MINUTE: "0",
    RATE_LIMIT_READS_PER_MINUTE: "0",
  });
  await server.ready;
  return server.child;
}

describe.runIf(process.env.TEST_DATABASE_URL)("commerce: kill -9 during a stream of orders (R13)", () => {
  let testDb: TestDatabase;
  let sku: TestSku;
  let session: { token: string; csrf: string };
  beforeAll(async () => {
    testDb = await createTestDatabase("postgres");
    const db = testDb.database.db;
    [sku] = (await pickSkus(db, false, 1)) as [TestSku];
    await setStock(db, sku.skuId, INITIAL_STOCK);
    const now = new Date();
    const [customer] = await db
      .insert(customers)
      .values({ mobile: uniquePhone(), createdAt: now, lastLoginAt: now })
      .returning({ id: customers.id });
    if (!customer) throw new Error("no customer");
    session = await new SessionStore(db).create(db, customer.id, now, null);
  }, 60_000);
  afterAll(async () => {
    await testDb?.close();
  });

  it("leaves every order whole or absent and the stock equal to what the orders took", async () => {
    const url = testDb.databaseUrl as string;
    const port = await freePort();
    const order = (key: string) =>
      fetch(`http://127.0.0.1:${port}/api/order/createOrder`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: `${TOKEN_COOKIE}=${session.token}`,
          [CSRF_HEADER]: session.csrf,
          [IDEMPOTENCY_HEADER]: key,
        },
        body: JSON.stringify({ goodsId: sku.goodsId, skuId: sku.skuId, quantity: 3, address: ADDRESS }),
      }).then(async (res) => (await res.json()) as { code: number; message: string });

    const server = await startServer(url, port);
    let answered = 0;
    let failed = 0;
    let killed = false;
    let refused = "";
    const streams = Array.from({ length: 8 }, async () => {
      while (!killed) {
        try {
          const answer = await order(randomUUID());
          if (answer.code === 1) answered += 1;
          else refused = answer.message;
        } catch {
          failed += 1;
        }
      }
    });
    // Let orders flow, then kill the process without warning while requests are in flight.
    const until = Date.now() + 30_000;
    while (answered < 40 && !refused && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    if (answered < 40) {
      server.kill("SIGKILL");
      killed = true;
      throw new Error(`orders did not go through: ${refused || "no answer"}`);
    }
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGKILL");
    killed = true;
    await Promise.all(streams);
    await exited;

    // Started again on the same database, it takes orders as before.
    const again = await startServer(url, port);
    try {
      expect((await order(randomUUID())).code).toBe(1);
    } finally {
      again.kill("SIGKILL");
    }

    const db = testDb.database.db;
    // node-postgres answers execute() with its QueryResult.
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const broken = await rows<{ order_no: string }>(sql`
      select o.order_no from orders o
       where not exists (select 1 from order_lines l where l.order_id = o.id)
          or not exists (select 1 from order_events e where e.order_id = o.id and e.status = 'pending_payment')
          or o.total_cents <> (select coalesce(sum(l.amount_cents), 0) from order_lines l where l.order_id = o.id)
          or not exists (select 1 from idempotency_keys k
                          where k.customer_id = o.customer_id and k.response ->> 'orderNo' = o.order_no)`);
    expect(broken).toEqual([]);
    const [taken] = await rows<{ units: number; orders: number }>(sql`
        select coalesce(sum(l.quantity), 0)::int as units, count(distinct o.id)::int as orders
          from orders o join order_lines l on l.order_id = o.id
         where l.sku_id = ${sku.skuId} and o.status <> 'cancelled'`);
    expect(taken?.orders).toBeGreaterThanOrEqual(answered + 1);
    expect(await stockOf(db, sku.skuId)).toBe(INITIAL_STOCK - (taken?.units ?? Number.NaN));
    // No key was left claimed without its answer.
    expect(await rows(sql`select 1 from idempotency_keys where response = '{}'::jsonb`)).toEqual([]);
    console.info(
      `R13: ${answered} orders answered before the kill, ${failed} requests cut off, ${taken?.orders} orders kept`,
    );
  }, 180_000);
});
