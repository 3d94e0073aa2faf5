// Orders (ADR 0023, 0025): made in one transaction each (R9, R13) from prices and names read from the
// database, never the client's; stock taken with a conditional update (R7); one order per
// Idempotency-Key (R8); cancelled by the customer or by the expiry job, giving the stock back.
import {
  type Address,
  AfterSaleMessages,
  type CreateOrderBody,
  type CreateOrdersBody,
  type CustomerInfoData,
  endpoints,
  MAX_ORDER_TOTAL_CENTS,
  ORDER_PAYMENT_WINDOW_MINUTES,
  ORDER_STATUS_LABELS,
  ORDER_TOTAL_TOO_LARGE,
  type Order,
  type OrderStatus,
} from "@yj/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { customerAddresses, goods, goodsSkus, orderEvents, orderLines, orders } from "../../db/schema.js";
import type { Tx } from "../../db/transaction.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, notFound } from "../../lib/errors.js";
import type { SessionCustomer } from "../accounts/sessions.js";
import { takeStock } from "../catalog/index.js";
import { checkedSku } from "./cart-service.js";
import { CartStore, type StoredCartLine } from "./cart-store.js";
import { claimKey, requestHash, storeAnswer } from "./idempotency.js";
import { cancelPendingOrder } from "./order-cancel.js";
import { newOrderNo } from "./order-number.js";
import { customerOrderPage, findCustomerOrder, ordersOf } from "./order-store.js";

/** The bodies as the contract parsed them (defaults filled in), not as the client sent them. */
type ParsedCreateOrder = z.output<typeof CreateOrderBody>;
type ParsedCreateOrders = z.output<typeof CreateOrdersBody>;

/** One line to be ordered, with everything copied from the database. */
interface LineDraft {
  goodsId: number;
  skuId: number;
  mealId: number | null;
  name: string;
  spec: string;
  cover: string;
  unit: string;
  priceCents: number;
  quantity: number;
  /** Copied from the goods: the order then asks for the buyer's confirmation (docs/decisions/0064). */
  madeToOrder: boolean;
}

const notFoundOrder = () => notFound("订单不存在");

export class OrdersService {
  private readonly cart: CartStore;

  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {
    this.cart = new CartStore(db);
  }

  /** The contact for the order page: only ever the logged-in customer's own. */
  async customerInfo(customer: SessionCustomer, mobile: string): Promise<CustomerInfoData> {
    if (mobile !== customer.mobile) throw new AppError("business", "只能查询当前登录手机号的收货信息");
    const [row] = await this.db
      .select({ address: customerAddresses.address })
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, customer.id));
    return { mobile: customer.mobile, address: row?.address ?? null };
  }

  /** order/createOrder: one SKU bought now, from a product or package page. */
  createOrder(customerId: number, key: string, body: ParsedCreateOrder): Promise<Order> {
    return this.place(customerId, key, endpoints.createOrder.path, body, async (tx) => {
      const [sku] = await this.cart.skus([body.skuId], tx);
      const checked = checkedSku(sku, body.goodsId);
      if (body.isMeal !== undefined && (body.isMeal !== body.goodsId || !checked.isPackage))
        throw new AppError("invalid_input", "套餐与商品不一致");
      const line = await this.skuLine(tx, body.skuId);
      return { lines: [{ ...line, quantity: body.quantity }], cartIds: [] };
    });
  }

  /** order/createOrders: the chosen cart lines as one order; they leave the cart in the same transaction. */
  createOrders(customerId: number, key: string, body: ParsedCreateOrders): Promise<Order> {
    const cartIds = [...new Set(body.cartIds)];
    return this.place(customerId, key, endpoints.createOrders.path, body, async (tx) => {
      const lines = await this.cart.lines(customerId, tx, cartIds);
      if (lines.length !== cartIds.length) throw notFound("购物车商品不存在，请刷新购物车");
      for (const line of lines) {
        if (!line.onSale) throw new AppError("business", `「${line.name}」已下架，请从购物车删除后再结算`);
      }
      // Oldest first, as they were added.
      return { lines: lines.reverse().map(cartDraft), cartIds };
    });
  }

  async list(customerId: number, query: { status?: OrderStatus; current: number; pageSize: number }) {
    const { rows, total } = await customerOrderPage(this.db, customerId, query.status, query.current, query.pageSize);
    return { dataList: await ordersOf(this.db, rows), total, current: query.current, pageSize: query.pageSize };
  }

  async detail(customerId: number, orderNo: string): Promise<Order> {
    const row = await findCustomerOrder(this.db, customerId, orderNo);
    if (!row) throw notFoundOrder();
    const [order] = await ordersOf(this.db, [row]);
    return order as Order;
  }

  /** The customer cancels an unpaid order of their own; its units go back on sale. */
  async cancel(customerId: number, orderNo: string): Promise<Order> {
    await this.db.transaction(async (tx) => {
      const now = this.now();
      const cancelled = await cancelPendingOrder(
        tx,
        and(eq(orders.orderNo, orderNo), eq(orders.customerId, customerId)),
        { actor: "customer", note: "顾客取消订单", at: now },
      );
      if (cancelled === null) {
        const row = await findCustomerOrder(tx, customerId, orderNo);
        if (!row) throw notFoundOrder();
        throw new AppError(
          "business",
          row.status === "cancelled" ? "订单已取消" : `订单${ORDER_STATUS_LABELS[row.status]}，不能取消`,
        );
      }
    });
    return this.detail(customerId, orderNo);
  }

  /**
   * Makes one order in one transaction: the idempotency key first (a concurrent retry waits on it),
   * then the order, its lines and event, the stock, the address, the cart lines and the stored
   * answer. Any failure, 库存不足 included, leaves none of it.
   */
  private async place(
    customerId: number,
    key: string,
    endpoint: string,
    body: { address: Address; remark: string; madeToOrderConfirmed?: boolean },
    draft: (tx: Tx) => Promise<{ lines: LineDraft[]; cartIds: number[] }>,
  ): Promise<Order> {
    const hash = requestHash(endpoint, body);
    return this.db.transaction(async (tx) => {
      const now = this.now();
      const claim = await claimKey<Order>(tx, { customerId, key, endpoint, hash, now });
      if (!claim.first) return claim.answer;
      const { lines, cartIds } = await draft(tx);
      // Checked from the goods as they are now, never from what the page showed (docs/decisions/0064).
      const madeToOrder = lines.some((l) => l.madeToOrder);
      if (madeToOrder && body.madeToOrderConfirmed !== true)
        throw new AppError("business", AfterSaleMessages.madeToOrderUnconfirmed);
      const totalCents = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
      // The contract's bounds keep this sum exact; past one trade's cap it could never be paid.
      if (totalCents > MAX_ORDER_TOTAL_CENTS) throw new AppError("business", ORDER_TOTAL_TOO_LARGE);
      const [order] = await tx
        .insert(orders)
        .values({
          orderNo: newOrderNo(now),
          customerId,
          status: "pending_payment",
          totalCents,
          address: body.address,
          remark: body.remark,
          createdAt: now,
          payBefore: new Date(now.getTime() + ORDER_PAYMENT_WINDOW_MINUTES * 60_000),
          madeToOrderConfirmedAt: madeToOrder ? now : null,
        })
        .returning();
      if (!order) throw new Error("the order insert returned no row");
      await tx
        .insert(orderLines)
        .values(lines.map((l) => ({ ...l, orderId: order.id, amountCents: l.priceCents * l.quantity })));
      await tx.insert(orderEvents).values({ orderId: order.id, status: "pending_payment", actor: "customer", at: now });
      await takeStock(
        tx,
        lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity, name: l.name })),
      );
      await tx
        .insert(customerAddresses)
        .values({ customerId, address: body.address, updatedAt: now })
        .onConflictDoUpdate({ target: customerAddresses.customerId, set: { address: body.address, updatedAt: now } });
      if (cartIds.length > 0) await this.cart.delete(tx, customerId, cartIds);
      const [answer] = await ordersOf(tx, [order]);
      await storeAnswer(tx, customerId, key, answer);
      return answer as Order;
    });
  }

  /** A SKU's line as it is in the database now. */
  private async skuLine(tx: Tx, skuId: number): Promise<Omit<LineDraft, "quantity">> {
    const [row] = await tx
      .select({
        goodsId: goods.id,
        isPackage: goods.isPackage,
        name: goods.name,
        images: goods.images,
        unit: goods.unit,
        spec: goodsSkus.spec,
        priceCents: goodsSkus.priceCents,
        madeToOrder: goods.madeToOrder,
      })
      .from(goodsSkus)
      .innerJoin(goods, eq(goods.id, goodsSkus.goodsId))
      .where(eq(goodsSkus.id, skuId));
    if (!row) throw notFound("商品规格不存在");
    const { isPackage, images, ...line } = row;
    return { ...line, skuId, mealId: isPackage ? row.goodsId : null, cover: images[0] ?? "" };
  }
}

function cartDraft(line: StoredCartLine): LineDraft {
  return {
    goodsId: line.goodsId,
    skuId: line.skuId,
    mealId: line.mealId > 0 ? line.mealId : null,
    name: line.name,
    spec: line.spec,
    cover: line.images[0] ?? "",
    unit: line.unit,
    priceCents: line.priceCents,
    quantity: line.quantity,
    madeToOrder: line.madeToOrder,
  };
}
