// The demo loader never destroys a shop's own data: no demo by default in production, nothing
// written into a database that holds rows the demo did not write, and no TRUNCATE … CASCADE into
// tables that refer to the catalogue (orders, carts, leads), and no reset of a shop in use (customers,
// orders, payments, leads, staff, back-office edits; ADR 0045). `npm run seed` still resets the demo.
import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "../src/config/env.js";
import type { Db } from "../src/db/client.js";
import {
  auditLog,
  customers,
  favorites,
  goods,
  goodsCategories,
  goodsSkus,
  leads,
  orderLines,
  orders,
  payments,
  projectStages,
  projects,
  siteSettings,
  staff,
} from "../src/db/schema.js";
import { buildDemoData } from "../src/db/seed/demo-data.js";
import { DEMO_STAFF, DEMO_STAFF_USERNAMES } from "../src/db/seed/demo-projects.js";
import { DemoDataRefusedError, loadDemoData } from "../src/db/seed/load-demo.js";
import { runSeedCommand } from "../src/db/seed/seed-command.js";
import { firstAdminHint } from "../src/modules/staff/admin-command.js";
import { verifyPassword } from "../src/modules/staff/passwords.js";
import { ADDRESS, stockOf } from "./commerce-fixtures.js";
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

/** A customer who bought 15 units of the first SKU (its stock taken down by them) and paid offline. */
async function sellFirstSku(db: Db, now: Date) {
  const [sku] = await db.select().from(goodsSkus).where(eq(goodsSkus.id, 1));
  await db
    .update(goodsSkus)
    .set({ stock: sku!.stock - 15 })
    .where(eq(goodsSkus.id, 1));
  const [customer] = await db
    .insert(customers)
    .values({ mobile: "13900000002", createdAt: now, lastLoginAt: now })
    .returning({ id: customers.id });
  const [order] = await db
    .insert(orders)
    .values({
      orderNo: "T20261124000001",
      customerId: customer!.id,
      status: "pending_payment",
      totalCents: 15 * sku!.priceCents,
      address: ADDRESS,
      createdAt: now,
      payBefore: new Date(now.getTime() + 30 * 60_000),
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values({
    orderId: order!.id,
    goodsId: sku!.goodsId,
    skuId: 1,
    name: "演示商品",
    spec: sku!.spec,
    cover: "",
    unit: "件",
    priceCents: sku!.priceCents,
    quantity: 15,
    amountCents: 15 * sku!.priceCents,
  });
  await db.insert(payments).values({
    outTradeNo: "P20261124000001",
    provider: "offline",
    purpose: "order",
    orderId: order!.id,
    subject: "订单 T20261124000001",
    amountCents: 15 * sku!.priceCents,
    status: "pending",
    createdAt: now,
  });
}

describeEachBackend("demo loader safety", { embedded: true, app: false, database: false }, (ctx) => {
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

  it("a reset refuses a shop with orders and payments, says what it found, and --force changes nothing", async () => {
    const db = await fresh(true);
    const now = new Date();
    await sellFirstSku(db, now);
    await db
      .insert(leads)
      .values({ kind: "appointment", phone: "13900000003", payload: {}, createdAt: now, updatedAt: now });
    const [member] = await db
      .insert(staff)
      .values({
        username: "boss",
        displayName: "老板",
        role: "admin",
        passwordHash: "x",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: staff.id });
    const edit = { staffId: member!.id, staffName: "老板（boss）", entity: "goods", entityId: "1", createdAt: now };
    await db.insert(auditLog).values([
      { ...edit, action: "staff.login", entity: "staff" },
      { ...edit, action: "goods.update" },
    ]);
    const stock = await stockOf(db, 1);

    const refused = await runSeedCommand(db, []);
    expect(refused.ok).toBe(false);
    expect(refused.lines.join("\n")).toContain(
      "The shop is in use (1 order, 1 payment, 1 customer, 1 lead, 1 staff member, 1 back-office edit), so the demo data was not reset",
    );
    const forced = await runSeedCommand(db, ["--force"]);
    expect(forced.ok).toBe(false);
    expect(forced.lines.join("\n")).toContain("--force does not reset a shop with orders or payments");
    expect(await stockOf(db, 1)).toBe(stock);
    expect((await db.select({ n: count() }).from(orders))[0]?.n).toBe(1);
  });

  it("a reset refuses a shop with customers, leads, staff or edits unless forced", async () => {
    const db = await fresh(true);
    const now = new Date();
    await db
      .insert(leads)
      .values({ kind: "estimate", phone: "13900000004", payload: {}, createdAt: now, updatedAt: now });
    await db.update(goods).set({ name: "改过的名字" }).where(eq(goods.id, 1));
    const refused = await runSeedCommand(db, []);
    expect(refused).toMatchObject({ ok: false });
    expect(refused.lines.join("\n")).toMatch(/\(1 lead\).*npm run seed -- --force/);
    expect((await db.select({ name: goods.name }).from(goods).where(eq(goods.id, 1)))[0]?.name).toBe("改过的名字");
    expect(await runSeedCommand(db, ["--force"])).toEqual({ ok: true, lines: ["Demo data reset"] });
    expect((await db.select({ name: goods.name }).from(goods).where(eq(goods.id, 1)))[0]?.name).toBe(
      demo.goods[0]!.name,
    );
  });

  it("a forced reset of the demo restores it and keeps customers and their favourites", async () => {
    const db = await fresh(true);
    await db.update(goods).set({ name: "改过的名字" }).where(eq(goods.id, 1));
    await db.delete(goods).where(eq(goods.id, unreferencedGoodsId));
    const now = new Date();
    const [customer] = await db
      .insert(customers)
      .values({ mobile: "13900000001", createdAt: now, lastLoginAt: now })
      .returning({ id: customers.id });
    await db.insert(favorites).values({ customerId: customer!.id, type: 1, targetId: 1, createdAt: now });

    await expect(loadDemoData(db, { reset: true })).rejects.toThrow(/1 customer/);
    expect(await loadDemoData(db, { reset: true, force: true })).toBe(true);
    expect(await goodsCount(db)).toBe(demo.goods.length);
    const [first] = await db.select({ name: goods.name }).from(goods).where(eq(goods.id, 1));
    expect(first?.name).toBe(demo.goods[0]!.name);
    expect(await db.select({ targetId: favorites.targetId }).from(favorites)).toEqual([{ targetId: 1 }]);
    // Twice in a row, as `npm run seed -- --force` may be run.
    expect(await loadDemoData(db, { reset: true, force: true })).toBe(true);
    expect(await goodsCount(db)).toBe(demo.goods.length);
  });

  it("a reset of an empty database loads the demo", async () => {
    const db = await fresh(false);
    expect(await loadDemoData(db, { reset: true })).toBe(true);
    expect(await goodsCount(db)).toBe(demo.goods.length);
    // The demo projects with their stages; a second reset writes them again, and the next id is free.
    expect(await db.select({ n: count() }).from(projectStages)).toEqual([{ n: 24 }]);
    expect(await loadDemoData(db, { reset: true })).toBe(true);
    expect((await db.select({ id: projects.id }).from(projects)).map((p) => p.id).sort()).toEqual([1, 2, 3]);
    const now = new Date();
    const [next] = await db
      .insert(projects)
      .values({
        ownerPhone: "13700000000",
        address: "员工新建的项目",
        areaSqm: 80,
        contractCents: 100,
        startDate: "2026-01-01",
        plannedFinishDate: "2026-02-01",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: projects.id });
    expect(next?.id).toBe(4);
  });

  it("each demo project has its team, demo staff nobody can log in as, kept through a reset (ADR 0079)", async () => {
    const db = await fresh(true);
    const teams = async () =>
      db
        .select({
          id: projects.id,
          designer: projects.designerId,
          manager: projects.managerId,
          inspector: projects.inspectorId,
        })
        .from(projects)
        .orderBy(projects.id);
    const members = await db
      .select()
      .from(staff)
      .where(inArray(staff.username, [...DEMO_STAFF_USERNAMES]));
    expect(members.map((m) => [m.username, m.displayName, m.phone, m.role]).sort()).toEqual(
      DEMO_STAFF.map((m) => [m.username, m.displayName, m.phone, m.role]).sort(),
    );
    const id = (username: string) => members.find((m) => m.username === username)?.id;
    const before = await teams();
    expect(before).toEqual([
      { id: 1, designer: id("demo_designer_chen"), manager: id("demo_pm_zhou"), inspector: id("demo_inspector_wu") },
      { id: 2, designer: id("demo_designer_chen"), manager: id("demo_pm_zhou"), inspector: id("demo_inspector_wu") },
      { id: 3, designer: id("demo_designer_chen"), manager: id("demo_pm_sun"), inspector: id("demo_inspector_wu") },
    ]);
    // No known password: a one-time password is for 管理员's 重置密码, and must be changed first.
    for (const m of members) {
      expect(m.mustChangePassword).toBe(true);
      expect(m.disabled).toBe(false);
      for (const guess of ["", "demo", "123456", m.username, m.phone])
        expect(await verifyPassword(guess, m.passwordHash)).toBe(false);
    }
    // They are not the shop's staff: a reset needs no --force for them, and the start log still
    // tells how to make the first administrator.
    expect(await firstAdminHint(db, { embedded: true, adminUrl: "x" })).toContain("npm run admin -- create");
    expect(await loadDemoData(db, { reset: true })).toBe(true);
    expect(await teams()).toEqual(before);
    expect(await db.select({ n: count() }).from(staff)).toEqual([{ n: DEMO_STAFF.length }]);
  });

  it("a reset refuses when projects the demo did not write were added after it", async () => {
    const db = await fresh(true);
    const now = new Date();
    await db.insert(projects).values({
      id: 50,
      ownerPhone: "13700000000",
      address: "不是演示的项目",
      areaSqm: 80,
      contractCents: 100,
      startDate: "2026-01-01",
      plannedFinishDate: "2026-02-01",
      createdAt: now,
      updatedAt: now,
    });
    await expect(loadDemoData(db, { reset: true, force: true })).rejects.toThrow(/projects/);
    expect((await db.select({ id: projects.id }).from(projects)).map((p) => p.id)).toContain(50);
  });
});
