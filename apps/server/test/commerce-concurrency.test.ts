// R7 and R8 on PostgreSQL, with the requests really concurrent: a separate connection holds the SKU's
// row lock while the requests pile up behind it (the test waits until PostgreSQL shows them waiting),
// then lets them all go at once.
import { randomUUID } from "node:crypto";
import { ErrorCode, type Order } from "@yj/contract";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders } from "../src/db/schema.js";
import { AccountsHarness } from "./accounts-fixtures.js";
import { pickSkus, type Shopper, setStock, shopper, stockOf, type TestSku } from "./commerce-fixtures.js";
import { createTestDatabase, type TestDatabase } from "./helper.js";

/** Holds `skuId`'s row lock on a connection of its own until `release`. */
async function holdSku(databaseUrl: string, skuId: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("begin");
  await client.query("select stock from goods_skus where id = $1 for update", [skuId]);
  return {
    /**
     * Waits until `count` sessions of this database wait on a lock (or 60 s pass); answers how many do.
     * The limit is generous because on two busy cores (CI runs the browser suites beside this) the
     * 100 requests took more than 5 s to reach the lock, and the test then saw none waiting.
     */
    async waiters(count: number): Promise<number> {
      const until = Date.now() + 60_000;
      for (;;) {
        // Inside a transaction PostgreSQL answers pg_stat_activity from a snapshot: drop it first.
        await client.query("select pg_stat_clear_snapshot()");
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        const n = rows[0]?.n ?? 0;
        if (n >= count || Date.now() > until) return n;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async release() {
      await client.query("commit");
      await client.end();
    },
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)("commerce: concurrent orders on PostgreSQL (R7, R8)", () => {
  let testDb: TestDatabase;
  let h: AccountsHarness;
  let sku: TestSku;
  let buyers: Shopper[];
  beforeAll(async () => {
    testDb = await createTestDatabase("postgres");
    h = await AccountsHarness.build(testDb.database, { orders: { runExpiry: false } });
    [sku] = (await pickSkus(testDb.database.db, false, 1)) as [TestSku];
    buyers = [];
    for (let i = 0; i < 10; i += 1) buyers.push(shopper(h, await h.login()));
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await testDb?.close();
  });

  const ordersOfSku = async () => {
    const [row] = await testDb.database.db
      .select({
        orders: sql<number>`count(distinct ${orders.id})::int`,
        units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orderLines.skuId, sku.skuId));
    return row;
  };

  it("R7: 100 concurrent orders for the last 5 units: exactly 5 succeed, stock 0, never negative", async () => {
    const db = testDb.database.db;
    await setStock(db, sku.skuId, 5);
    const lock = await holdSku(testDb.databaseUrl as string, sku.skuId);
    const answers = Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (buyers[i % buyers.length] as Shopper).buyNow({ goodsId: sku.goodsId, skuId: sku.skuId, quantity: 1 }),
      ),
    );
    // Many transactions wait behind the lock at once (the pool holds 25 connections).
    const waiting = await lock.waiters(20).finally(() => lock.release());
    const results = await answers;
    console.info(`R7: ${waiting} transactions waited on the SKU at once`);
    expect(waiting).toBeGreaterThanOrEqual(20);
    const won = results.filter((r) => r.body.code === 1);
    const lost = results.filter((r) => r.body.code !== 1);
    expect(won).toHaveLength(5);
    for (const r of lost) {
      expect(r.body).toMatchObject({ code: 0, errorCode: ErrorCode.BUSINESS });
      expect(r.body.message).toMatch(/已售罄$/);
    }
    expect(new Set(won.map((r) => r.body.data.orderNo)).size).toBe(5);
    expect(await stockOf(db, sku.skuId)).toBe(0);
    expect(await ordersOfSku()).toEqual({ orders: 5, units: 5 });
  });

  it("R8: the same Idempotency-Key 20 times at once makes one order and answers it 20 times", async () => {
    const db = testDb.database.db;
    await setStock(db, sku.skuId, 50);
    const before = await ordersOfSku();
    const buyer = buyers[0] as Shopper;
    const key = randomUUID();
    const lock = await holdSku(testDb.databaseUrl as string, sku.skuId);
    const answers = Promise.all(
      Array.from({ length: 20 }, () => buyer.buyNow({ goodsId: sku.goodsId, skuId: sku.skuId, quantity: 2 }, key)),
    );
    // One waits on the SKU, the other 19 on its idempotency key.
    const waiting = await lock.waiters(20).finally(() => lock.release());
    expect(waiting).toBe(20);
    const results = await answers;
    const first = results[0]?.body;
    expect(first?.code).toBe(1);
    for (const r of results) expect(r.body).toEqual(first);
    expect(await stockOf(db, sku.skuId)).toBe(48);
    expect(await ordersOfSku()).toEqual({ orders: (before?.orders ?? 0) + 1, units: (before?.units ?? 0) + 2 });
    // Replayed later too; another body under the key is refused and changes nothing.
    expect((await buyer.buyNow({ goodsId: sku.goodsId, skuId: sku.skuId, quantity: 2 }, key)).body).toEqual(first);
    const other = await buyer.buyNow({ goodsId: sku.goodsId, skuId: sku.skuId, quantity: 1 }, key);
    expect(other.body).toMatchObject({ code: 0, errorCode: ErrorCode.BUSINESS, message: "该请求已处理，请勿重复提交" });
    expect(await stockOf(db, sku.skuId)).toBe(48);
    const detail = await buyer.detail((first as { data: Order }).data.orderNo);
    expect(detail.body.data.status).toBe("pending_payment");
  });
});
