// The goods editor (R16): prices typed in yuan are stored in cents, SKUs keep their stock as typed
// and new ones are added, the save is audited, and the storefront's product page and (cached) goods
// list show the change at once; hiding a goods row takes it off the storefront; bad input is refused
// in Chinese and changes nothing. With REDIS_URL set, a second instance drops its cached goods list
// as soon as the first one saves (the invalidation channel).
import { type AdminGoodsDetail, AdminMessages, centsToYuanText, YuanAmount } from "@yj/contract";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { auditLog, goods, goodsSkus } from "../src/db/schema.js";
import { uniqueIp } from "./accounts-fixtures.js";
import { asStaff, DEPLOYED_SHOP, goodsSavePayload, staffDesk, withTwoInstancesOverRedis } from "./admin-fixtures.js";
import { describeEachBackend } from "./helper.js";

type Answer<T = unknown> = { code: number; message: string; data: T };

describe("yuan as typed → cents", () => {
  it("takes up to two decimals, exactly, and refuses the rest", () => {
    expect(YuanAmount.parse("129")).toBe(12_900);
    expect(YuanAmount.parse("0.1")).toBe(10);
    expect(YuanAmount.parse(1299.99)).toBe(129_999);
    expect(YuanAmount.parse("19.05")).toBe(1905);
    for (const bad of ["1.234", "-1", "abc", "", "1e3", "12345678"])
      expect(YuanAmount.safeParse(bad).success).toBe(false);
    expect(centsToYuanText(129_905)).toBe("1299.05");
    expect(centsToYuanText(7)).toBe("0.07");
  });
});

describeEachBackend("back office goods editor", { app: DEPLOYED_SHOP }, (ctx) => {
  const GOODS_ID = 2;
  const desk = staffDesk<AdminGoodsDetail>(ctx, "operations", "周运营");
  const { as, storefront } = desk;

  const listed = async (name: string) =>
    (
      await storefront<{ dataList: { id: number; price: number }[] }>(
        `/api/goods/index?name=${encodeURIComponent(name)}`,
      )
    ).data.dataList;

  async function saveBody(change: Record<string, unknown> = {}) {
    const detail = (await as({ url: `/api/admin/goods/detail?id=${GOODS_ID}` })).data;
    return {
      id: detail.id,
      name: detail.name,
      subtitle: detail.subtitle,
      category2: detail.category2,
      brand: detail.brand,
      price: centsToYuanText(detail.price),
      originalPrice: centsToYuanText(detail.originalPrice),
      unit: detail.unit,
      params: detail.params,
      description: detail.description,
      shown: detail.shown,
      skus: detail.skus.map((s) => ({ id: s.id, spec: s.spec, price: centsToYuanText(s.price), stock: s.stock })),
      ...change,
    };
  }

  it("saves yuan as cents and SKU stock; the product page and the cached goods list show it at once", async () => {
    const before = (await as({ url: `/api/admin/goods/detail?id=${GOODS_ID}` })).data;
    // The storefront list is read (and cached) before the save.
    expect((await listed(before.name)).find((g) => g.id === GOODS_ID)?.price).toBe(before.price);

    const body = await saveBody({ price: "1234.56", originalPrice: 1500 });
    body.skus[0] = { ...body.skus[0]!, price: "1234.5", stock: 77 };
    body.skus.push({ spec: "颜色:测试新色", price: "999", stock: 5 } as never);
    const saved = await as({ method: "POST", url: "/api/admin/goods/save", payload: body });
    expect(saved).toMatchObject({ code: 1, message: AdminMessages.goodsSaved });
    expect(saved.data).toMatchObject({ price: 123_456, originalPrice: 150_000 });
    expect(saved.data.skus[0]).toMatchObject({ price: 123_450, stock: 77 });
    expect(saved.data.skus.at(-1)).toMatchObject({ spec: "颜色:测试新色", price: 99_900, stock: 5 });

    const [row] = await ctx.database.db.select().from(goods).where(eq(goods.id, GOODS_ID));
    expect(row?.priceCents).toBe(123_456);
    expect(JSON.parse(row!.listItem)).toMatchObject({ id: GOODS_ID, price: 123_456, originalPrice: 150_000 });
    const [sku] = await ctx.database.db.select().from(goodsSkus).where(eq(goodsSkus.id, before.skus[0]!.id));
    expect(sku).toMatchObject({ priceCents: 123_450, stock: 77 });

    const page = await storefront<{ price: number; skus: { price: number; stock: number }[] }>(
      `/api/goods/mail/show?id=${GOODS_ID}`,
    );
    expect(page.data.price).toBe(123_456);
    expect(page.data.skus[0]).toMatchObject({ price: 123_450, stock: 77 });
    expect((await listed(before.name)).find((g) => g.id === GOODS_ID)?.price).toBe(123_456);

    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "goods.update"), eq(auditLog.entityId, String(GOODS_ID))))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({
      staffId: desk.member.id,
      before: { price: before.price },
      after: { price: 123_456 },
    });
  });

  it("hiding a goods row takes it off the storefront list and product page at once", async () => {
    const name = (await as({ url: `/api/admin/goods/detail?id=${GOODS_ID}` })).data.name;
    expect((await listed(name)).some((g) => g.id === GOODS_ID)).toBe(true);
    expect(
      (await as({ method: "POST", url: "/api/admin/goods/save", payload: await saveBody({ shown: false }) })).code,
    ).toBe(1);
    expect((await listed(name)).some((g) => g.id === GOODS_ID)).toBe(false);
    expect((await storefront(`/api/goods/mail/show?id=${GOODS_ID}`)).code).toBe(0);
    const hidden = await as<{ dataList: { id: number }[] }>({
      url: "/api/admin/goods/list",
      query: { visibility: "hidden" },
    });
    expect(hidden.data.dataList.map((g) => g.id)).toContain(GOODS_ID);
    expect(
      (await as({ method: "POST", url: "/api/admin/goods/save", payload: await saveBody({ shown: true }) })).code,
    ).toBe(1);
    expect((await listed(name)).some((g) => g.id === GOODS_ID)).toBe(true);
  });

  it("a save that changes nothing answers '没有修改', writes no audit row and leaves the caches alone", async () => {
    const audits = async () =>
      (
        await ctx.database.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.action, "goods.update"), eq(auditLog.entityId, String(GOODS_ID))))
      ).length;
    const detail = (await as({ url: `/api/admin/goods/detail?id=${GOODS_ID}` })).data;
    const cachedPrice = (await listed(detail.name)).find((g) => g.id === GOODS_ID)?.price;
    expect(cachedPrice).toBe(detail.price);
    // Changed behind the editor's back: the cached list keeps the old price until something drops it.
    await ctx.database.db
      .update(goods)
      .set({ priceCents: detail.price + 100 })
      .where(eq(goods.id, GOODS_ID));
    const count = await audits();
    const unchanged = await as({ method: "POST", url: "/api/admin/goods/save", payload: await saveBody() });
    expect(unchanged).toMatchObject({ code: 1, message: AdminMessages.unchanged, data: { price: detail.price + 100 } });
    expect(await audits()).toBe(count);
    expect((await listed(detail.name)).find((g) => g.id === GOODS_ID)?.price).toBe(cachedPrice);
    // A real change is saved, on record, and drops the cache.
    const changed = await as({
      method: "POST",
      url: "/api/admin/goods/save",
      payload: await saveBody({ price: centsToYuanText(detail.price) }),
    });
    expect(changed).toMatchObject({ code: 1, message: AdminMessages.goodsSaved });
    expect(await audits()).toBe(count + 1);
    expect((await listed(detail.name)).find((g) => g.id === GOODS_ID)?.price).toBe(detail.price);
  });

  it("refuses three decimals, negative stock, a foreign SKU and a non-level-2 category, changing nothing", async () => {
    const [row] = await ctx.database.db.select().from(goods).where(eq(goods.id, GOODS_ID));
    const post = async (payload: object) => as({ method: "POST", url: "/api/admin/goods/save", payload });
    const decimals = await post(await saveBody({ price: "12.345" }));
    expect(decimals.code).toBe(0);
    expect(decimals.message).toContain("金额最多两位小数");
    const body = await saveBody();
    body.skus[0] = { ...body.skus[0]!, stock: -1 };
    expect((await post(body)).message).toContain("库存不能为负");
    const [foreign] = await ctx.database.db.select().from(goodsSkus).where(eq(goodsSkus.goodsId, 1));
    const stolen = await saveBody();
    stolen.skus[0] = { ...stolen.skus[0]!, id: foreign!.id };
    expect(await post(stolen)).toMatchObject({ code: 0, message: AdminMessages.skuNotFound });
    expect(await post(await saveBody({ category2: 1 }))).toMatchObject({
      code: 0,
      message: AdminMessages.categoryInvalid,
    });
    const [after] = await ctx.database.db.select().from(goods).where(eq(goods.id, GOODS_ID));
    expect(after).toEqual(row);
  });
});

const REDIS_URL = process.env.REDIS_URL;

describe.runIf(REDIS_URL)("goods saves reach every instance's cache through Redis", () => {
  it("a second instance's cached goods list shows the new price without waiting for its TTL", async () => {
    await withTwoInstancesOverRedis(REDIS_URL ?? "", async ({ first, second, ops }) => {
      const detail = (
        await first.inject(asStaff(ops, { url: "/api/admin/goods/detail?id=3", remoteAddress: uniqueIp() }))
      ).json() as Answer<AdminGoodsDetail>;
      const priceOn = async (app: FastifyInstance) => {
        const res = await app.inject({
          url: `/api/goods/index?name=${encodeURIComponent(detail.data.name)}`,
          remoteAddress: uniqueIp(),
        });
        return (res.json() as Answer<{ dataList: { id: number; price: number }[] }>).data.dataList.find(
          (g) => g.id === 3,
        )?.price;
      };
      expect(await priceOn(second)).toBe(detail.data.price);
      const saved = await first.inject(
        asStaff(ops, {
          method: "POST",
          url: "/api/admin/goods/save",
          remoteAddress: uniqueIp(),
          payload: goodsSavePayload(detail.data, { price: "4321.09" }),
        }),
      );
      expect((saved.json() as Answer).code).toBe(1);
      await expect.poll(() => priceOn(second), { timeout: 15_000 }).toBe(432_109);
    });
  }, 60_000);
});
