// Where checkout goes (ADR 0026): /submitOrder alone takes the cart's selected lines; with goodsId, skuId
// and quantity (and isMeal for a package) it buys that one item now (order/createOrder).

import { MAX_LINE_QUANTITY } from "@yj/contract";

export const SUBMIT_ORDER_PATH = "/submitOrder";

export interface BuyNowItem {
  goodsId: number;
  skuId: number;
  quantity: number;
  /** The package id when bought from a package page. */
  isMeal?: number;
}

export function buyNowPath(item: BuyNowItem): string {
  const params = new URLSearchParams({
    goodsId: String(item.goodsId),
    skuId: String(item.skuId),
    quantity: String(item.quantity),
  });
  if (item.isMeal !== undefined) params.set("isMeal", String(item.isMeal));
  return `${SUBMIT_ORDER_PATH}?${params}`;
}

const positiveInt = (raw: string | null, max = 2_147_483_647): number | undefined => {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : undefined;
};

/** The buy-now item in a /submitOrder search, or null for a cart checkout (or junk parameters). */
export function parseBuyNow(search: URLSearchParams): BuyNowItem | null {
  const goodsId = positiveInt(search.get("goodsId"));
  const skuId = positiveInt(search.get("skuId"));
  const quantity = positiveInt(search.get("quantity"), MAX_LINE_QUANTITY);
  if (goodsId === undefined || skuId === undefined || quantity === undefined) return null;
  const isMeal = positiveInt(search.get("isMeal"));
  return isMeal === undefined ? { goodsId, skuId, quantity } : { goodsId, skuId, quantity, isMeal };
}

/** The pay step of one order. */
export const payPath = (orderNo: string) => `/pay/${encodeURIComponent(orderNo)}`;
