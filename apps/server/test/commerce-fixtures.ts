// Shared pieces of the cart and order tests: goods of the demo catalogue set to a known stock, and
// the cart and order calls as a logged-in browser makes them.
import { randomUUID } from "node:crypto";
import type { CartData, Order } from "@yj/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import type { Db } from "../src/db/client.js";
import { goods, goodsSkus, orders } from "../src/db/schema.js";
import type { AccountsHarness, Session } from "./accounts-fixtures.js";
import { uniqueIp } from "./accounts-fixtures.js";

export interface TestSku {
  goodsId: number;
  skuId: number;
  priceCents: number;
}

/** The demo catalogue's public goods (single or package) that have at least `count` SKUs; one SKU each. */
export async function pickSkus(db: Db, isPackage: boolean, count: number, skip = 0): Promise<TestSku[]> {
  const rows = await db
    .select({ goodsId: goodsSkus.goodsId, skuId: sql<number>`min(${goodsSkus.id})::int`, priceCents: sql<number>`0` })
    .from(goodsSkus)
    .innerJoin(goods, eq(goods.id, goodsSkus.goodsId))
    .where(and(eq(goods.isPackage, isPackage), eq(goods.status, 1), eq(goods.isShow, 1)))
    .groupBy(goodsSkus.goodsId)
    .orderBy(asc(goodsSkus.goodsId))
    .limit(count)
    .offset(skip);
  if (rows.length < count) throw new Error(`the demo data has fewer than ${count + skip} such goods`);
  const skus = [];
  for (const row of rows) {
    const [sku] = await db.select().from(goodsSkus).where(eq(goodsSkus.id, row.skuId));
    skus.push({ goodsId: row.goodsId, skuId: row.skuId, priceCents: sku?.priceCents ?? 0 });
  }
  return skus;
}

export async function setStock(db: Db, skuId: number, stock: number) {
  await db.update(goodsSkus).set({ stock }).where(eq(goodsSkus.id, skuId));
}

export async function stockOf(db: Db, skuId: number): Promise<number> {
  const [row] = await db.select({ stock: goodsSkus.stock }).from(goodsSkus).where(eq(goodsSkus.id, skuId));
  return row?.stock ?? Number.NaN;
}

export async function orderCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return row?.n ?? 0;
}

export const ADDRESS = {
  name: "张三",
  phone: "13800138000",
  province: "广东省",
  city: "深圳市",
  district: "南山区",
  town: "粤海街道",
  detail: "科技园路 1 号 2 栋 301",
};

/** Cart and order calls of one logged-in customer, each from an address of its own (per-IP limits). */
export function shopper(h: AccountsHarness, session: Session) {
  const call = <T>(options: InjectOptions, csrf = true) =>
    h.asCustomer<T>(session, { remoteAddress: uniqueIp(), ...options }, csrf ? {} : { csrf: null });
  const post = <T>(url: string, payload: unknown, headers: Record<string, string> = {}) =>
    call<T>({ method: "POST", url, payload: payload as InjectOptions["payload"], headers });
  return {
    session,
    call,
    cart: () => call<CartData>({ method: "GET", url: "/api/carts" }),
    add: (item: { goodsId: number; skuId: number; quantity: number }) => post<CartData>("/api/carts/create", item),
    addPackage: (isMeal: number, items: { goodsId: number; skuId: number; quantity: number }[]) =>
      post<CartData>("/api/carts/createList", { isMeal, items }),
    update: (change: { id: number; quantity?: number; selected?: boolean }) =>
      post<CartData>("/api/carts/update", change),
    updateList: (items: { id: number; quantity?: number; selected?: boolean }[]) =>
      post<CartData>("/api/carts/updateList", { items }),
    remove: (ids: number[]) => post<CartData>("/api/carts/delete", { ids }),
    buyNow: (body: Record<string, unknown>, key: string | null = randomUUID()) =>
      post<Order>(
        "/api/order/createOrder",
        { address: ADDRESS, ...body },
        key === null ? {} : { "idempotency-key": key },
      ),
    checkout: (body: Record<string, unknown>, key: string | null = randomUUID()) =>
      post<Order>(
        "/api/order/createOrders",
        { address: ADDRESS, ...body },
        key === null ? {} : { "idempotency-key": key },
      ),
    detail: (orderNo: string) => call<Order>({ method: "GET", url: `/api/order/detail?orderNo=${orderNo}` }),
    list: (query = "") => call<{ dataList: Order[]; total: number }>({ method: "GET", url: `/api/order/list${query}` }),
    cancel: (orderNo: string) => post<Order>("/api/order/cancel", { orderNo }),
  };
}
export type Shopper = ReturnType<typeof shopper>;
