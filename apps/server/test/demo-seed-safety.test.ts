// The demo loader never destroys a shop's own data: no demo by default in production, nothing
// written into a database that holds rows the demo did not write, and no TRUNCATE … CASCADE into
// tables that refer to the catalogue (orders, carts, leads). `npm run seed` still resets the demo.
import { count, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "../src/config/env.js";
import type { Db } from "../src/db/client.js";
import { customers, favorites, goods, goodsCategories, siteSettings } from "../src/db/schema.js";
import { buildDemoData } from "../src/db/seed/demo-data.js";
import { DemoDataRefusedError, loadDemoData } from "../src/db/seed/load-demo.js";
import { createTestDatabase, describeEachBackend, type TestDatabase } from "./helper.js";
import { PRODUCTION_ENV } from "./support/production-env.js";

const demo = buildDemoData();

describe("SEED_DEMO", () => {
  it("defaults to no demo data in production, and to the demo elsewhere", () => {
    expect(loadEnv(PRODUCTION_ENV).SEED_DEMO).toBe(false);
    expect(loadEnv({ NODE_ENV: "development" }).SEED_DEMO).toBe(true);
    expect(loadEnv({ NODE_ENV: "test" }).SEED_DEMO).toBe(true);
    expect(loadEnv({ ...PRODUCTION_ENV, SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(loadEnv({ NODE_ENV: "development", SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
  });
});

const referenced = new Set(demo.goods.flatMap((g) => (g.packageItems ?? []).map((i) => i.goodsId)));
const unreferencedGoodsId = demo.goods.find((g) => g.id !== 1 && !referenced.has(g.id))!.id;

const goodsCount = async (db: Db) => (await db.select({ n: count() }).from(goods))[0]?.n;

/** A shop's own catalogue, written without the demo loader. */
async function writeOwnShop(db: Db) {
  await db.insert(goodsCategories).values({ id: 900, content: "自营家具", level: 1, color: "#336699" });
  await db.insert(goods).values({
    id: 9001,
    name: "自营实木床",
    category1: 900,
    category2: 900,
    brand: "自营",
    priceCents: 399_900,
    originalPriceCents: 499_900,
  });
}

describeEachBackend("demo loader safety", { app: false, database: false }, (ctx) => {
  const opened: TestDatabase[] = [];
  const fresh = async (seed: boolean) => {
    const testDb = await createTestDatabase(ctx.backend, { seed });
    opened.push(testDb);
    return testDb.database.db;
  };
  afterEach(async () => {
    for (const testDb of opened.splice(0)) {
      await testDb.close();
    }
  });
  afterAll(async () => {
    for (const testDb of opened) await testDb.database.close();
  });

  it("a first start on a database holding the shop's own catalogue writes nothing and says why", async () => {
    const db = await fresh(false);
    await writeOwnShop(db);
    await expect(loadDemoData(db, { reset: false })).rejects.toThrow(DemoDataRefusedError);
    await expect(loadDemoData(db, { reset: false })).rejects.toThrow(
      /not written by the demo \(goods, goods_categories\)/,
    );
    expect(await goodsCount(db)).toBe(1);
    expect(await db.select().from(siteSettings)).toEqual([]);
  });

  it("a reset refuses a database the demo never loaded, and leaves it as it was", async () => {
    const db = await fresh(false);
    await writeOwnShop(db);
    await expect(loadDemoData(db, { reset: true })).rejects.toThrow(/not written by the demo/);
    expect((await db.select({ name: goods.name }).from(goods)).map((g) => g.name)).toEqual(["自营实木床"]);
  });

  it("a reset refuses when goods the demo did not write were added after it", async () => {
    const db = await fresh(true);
    await db.insert(goods).values({
      name: "后台新增商品",
      category1: demo.goods[0]!.category1,
      category2: demo.goods[0]!.category2,
      brand: "自营",
      priceCents: 1,
      originalPriceCents: 1,
    });
    await expect(loadDemoData(db, { reset: true })).rejects.toThrow(/goods/);
    expect(await goodsCount(db)).toBe(demo.goods.length + 1);
  });

  it("a reset refuses rather than cascade into a table that refers to the goods", async () => {
    const db = await fresh(true);
    await db.execute(
      sql`create table test_orders (id serial primary key, goods_id integer not null references goods(id))`,
    );
    await db.execute(sql`insert into test_orders (goods_id) values (1)`);
    await expect(loadDemoData(db, { reset: true })).rejects.toThrow(DemoDataRefusedError);
    await expect(loadDemoData(db, { reset: true })).rejects.toThrow(/refer/);
    const result = (await db.execute(sql`select count(*)::int as n from test_orders`)) as unknown as {
      rows: { n: number }[];
    };
    const [orders] = result.rows;
    expect(orders?.n).toBe(1);
    expect(await goodsCount(db)).toBe(demo.goods.length);
  });

  it("a reset of the demo restores it and keeps customers and their favourites", async () => {
    const db = await fresh(true);
    await db.update(goods).set({ name: "改过的名字" }).where(eq(goods.id, 1));
    await db.delete(goods).where(eq(goods.id, unreferencedGoodsId));
    const now = new Date();
    const [customer] = await db
      .insert(customers)
      .values({ mobile: "13900000001", createdAt: now, lastLoginAt: now })
      .returning({ id: customers.id });
    await db.insert(favorites).values({ customerId: customer!.id, type: 1, targetId: 1, createdAt: now });

    expect(await loadDemoData(db, { reset: true })).toBe(true);
    expect(await goodsCount(db)).toBe(demo.goods.length);
    const [first] = await db.select({ name: goods.name }).from(goods).where(eq(goods.id, 1));
    expect(first?.name).toBe(demo.goods[0]!.name);
    expect(await db.select({ targetId: favorites.targetId }).from(favorites)).toEqual([{ targetId: 1 }]);
    // Twice in a row, as `npm run seed` may be run.
    expect(await loadDemoData(db, { reset: true })).toBe(true);
    expect(await goodsCount(db)).toBe(demo.goods.length);
  });

  it("a reset of an empty database loads the demo", async () => {
    const db = await fresh(false);
    expect(await loadDemoData(db, { reset: true })).toBe(true);
    expect(await goodsCount(db)).toBe(demo.goods.length);
  });
});
