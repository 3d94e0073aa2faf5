// The cart (docs/product.md §3, §7; ADR 0023, 0025): per customer in the database, so it survives
// logout and is shared by every instance. Every call answers the whole cart at today's prices.
import { type CartData, type CartLine, type CartMealGroup, MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "@yj/contract";
import type { Db } from "../../db/client.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, notFound } from "../../lib/errors.js";
import { CartStore, type SkuForCart, type StoredCartLine } from "./cart-store.js";

/** Distinct lines a cart may hold (R11: every list is bounded), so an order of the whole cart is bounded too. */
export const MAX_CART_LINES = MAX_ORDER_LINES;

const tooMany = (name: string, inCart: number) =>
  new AppError(
    "business",
    `「${name}」每种最多购买 ${MAX_LINE_QUANTITY} 件${inCart > 0 ? `，购物车里已有 ${inCart} 件` : ""}`,
  );
const outOfStock = (name: string, left: number) =>
  new AppError("business", left > 0 ? `「${name}」库存不足，最多还能购买 ${left} 件` : `「${name}」已售罄`);

export interface CartItemInput {
  goodsId: number;
  skuId: number;
  quantity: number;
}

export interface CartChange {
  id: number;
  quantity?: number;
  selected?: boolean;
}

export class CartService {
  private readonly store: CartStore;

  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {
    this.store = new CartStore(db);
  }

  async cart(customerId: number): Promise<CartData> {
    const lines = await this.store.lines(customerId);
    const packageIds = [...new Set(lines.filter((l) => l.mealId > 0).map((l) => l.mealId))];
    const includes = await this.store.packageItems(packageIds);
    return cartData(lines, includes);
  }

  /** carts/create: one goods SKU; a package's SKU goes under its package (isMeal), as createList does. */
  async add(customerId: number, item: CartItemInput): Promise<CartData> {
    await this.addAll(customerId, [item], null);
    return this.cart(customerId);
  }

  /** carts/createList: a package's versions at once, all under the package; all added or none. */
  async addPackage(customerId: number, isMeal: number, items: CartItemInput[]): Promise<CartData> {
    if (items.some((i) => i.goodsId !== isMeal)) throw new AppError("invalid_input", "套餐中的商品与套餐不一致");
    await this.addAll(customerId, items, isMeal);
    return this.cart(customerId);
  }

  async update(customerId: number, changes: CartChange[]): Promise<CartData> {
    const ids = [...new Set(changes.map((c) => c.id))];
    await this.db.transaction(async (tx) => {
      const lines = new Map((await this.store.lines(customerId, tx, ids)).map((l) => [l.id, l]));
      // Another customer's line is not found, exactly like a line that does not exist.
      if (lines.size !== ids.length) throw notFound("购物车商品不存在，请刷新购物车");
      const now = this.now();
      for (const change of changes) {
        const line = lines.get(change.id) as StoredCartLine;
        // A line may shrink whatever the stock; it may not grow past it.
        if (change.quantity !== undefined && change.quantity > line.quantity && change.quantity > line.stock)
          throw outOfStock(line.name, line.stock);
        await this.store.update(tx, customerId, change.id, change, now);
      }
    });
    return this.cart(customerId);
  }

  async delete(customerId: number, ids: number[]): Promise<CartData> {
    const unique = [...new Set(ids)];
    await this.db.transaction(async (tx) => {
      const deleted = await this.store.delete(tx, customerId, unique);
      if (deleted !== unique.length) throw notFound("购物车商品不存在，请刷新购物车");
    });
    return this.cart(customerId);
  }

  /** Adds the items in one transaction: a refused one (sold out, off sale, wrong SKU) adds none. */
  private async addAll(customerId: number, items: CartItemInput[], isMeal: number | null): Promise<void> {
    const wanted = mergeBySku(items);
    await this.db.transaction(async (tx) => {
      const skus = new Map((await this.store.skus([...wanted.keys()], tx)).map((s) => [s.skuId, s]));
      const existing = await this.store.lineCount(customerId, tx);
      if (existing + wanted.size > MAX_CART_LINES)
        throw new AppError("business", `购物车最多放 ${MAX_CART_LINES} 种商品，请先结算或删除一些`);
      const now = this.now();
      for (const item of wanted.values()) {
        const sku = checkedSku(skus.get(item.skuId), item.goodsId);
        if (isMeal !== null && !sku.isPackage) throw new AppError("invalid_input", "该商品不是套餐");
        if (item.quantity > sku.stock) throw outOfStock(sku.name, sku.stock);
        if (item.quantity > MAX_LINE_QUANTITY) throw tooMany(sku.name, 0);
        const mealId = sku.isPackage ? sku.goodsId : 0;
        const line = { customerId, goodsId: sku.goodsId, skuId: sku.skuId, mealId, quantity: item.quantity };
        // A line grows up to the stock and to MAX_LINE_QUANTITY, which keeps every order's total bounded.
        const cap = Math.min(sku.stock, MAX_LINE_QUANTITY);
        const added = await this.store.add(tx, { ...line, priceCents: sku.priceCents }, cap, now);
        if (added === null) {
          const [current] = (await this.store.lines(customerId, tx)).filter(
            (l) => l.skuId === sku.skuId && l.mealId === mealId,
          );
          if ((current?.quantity ?? 0) + item.quantity > MAX_LINE_QUANTITY && sku.stock > MAX_LINE_QUANTITY)
            throw tooMany(sku.name, current?.quantity ?? 0);
          const left = sku.stock - (current?.quantity ?? 0);
          if (left <= 0 && sku.stock > 0)
            throw new AppError("business", `「${sku.name}」库存不足，购物车里已有全部 ${sku.stock} 件`);
          throw outOfStock(sku.name, Math.max(0, left));
        }
      }
    });
  }
}

/** The same SKU twice in one request counts once, with the quantities summed. */
function mergeBySku(items: CartItemInput[]): Map<number, CartItemInput> {
  const merged = new Map<number, CartItemInput>();
  for (const item of items) {
    const seen = merged.get(item.skuId);
    if (seen && seen.goodsId !== item.goodsId) throw new AppError("invalid_input", "规格与商品不匹配");
    merged.set(item.skuId, { ...item, quantity: (seen?.quantity ?? 0) + item.quantity });
  }
  return merged;
}

/** The SKU exists, belongs to the goods the client named, and the goods is on sale. */
export function checkedSku(sku: SkuForCart | undefined, goodsId: number): SkuForCart {
  if (!sku) throw notFound("商品规格不存在");
  if (sku.goodsId !== goodsId) throw new AppError("invalid_input", "规格与商品不匹配");
  if (!sku.onSale) throw new AppError("business", `「${sku.name}」已下架`);
  return sku;
}

function cartLine(row: StoredCartLine): CartLine {
  return {
    id: row.id,
    goodsId: row.goodsId,
    skuId: row.skuId,
    name: row.name,
    spec: row.spec,
    cover: row.images[0] ?? "",
    unit: row.unit,
    price: row.priceCents,
    addedPrice: row.addedPriceCents,
    quantity: row.quantity,
    selected: row.selected,
    stock: row.stock,
    available: row.onSale && row.stock > 0,
    madeToOrder: row.madeToOrder,
  };
}

function cartData(rows: StoredCartLine[], includes: Awaited<ReturnType<CartStore["packageItems"]>>): CartData {
  const singleDada: CartLine[] = [];
  const groups = new Map<number, CartMealGroup>();
  let cartNum = 0;
  let realPrice = 0;
  for (const row of rows) {
    const line = cartLine(row);
    cartNum += line.quantity;
    if (line.selected && line.available) realPrice += line.price * line.quantity;
    if (row.mealId === 0) {
      singleDada.push(line);
      continue;
    }
    let group = groups.get(row.mealId);
    if (!group) {
      group = {
        isMeal: row.mealId,
        name: row.name,
        cover: line.cover,
        lines: [],
        includes: includes
          .filter((i) => i.packageId === row.mealId)
          .map(({ name, quantity, unit, room }) => ({ name, quantity, unit, room })),
      };
      groups.set(row.mealId, group);
    }
    group.lines.push(line);
  }
  return { singleDada, mealData: [...groups.values()], cartNum, realPrice };
}
