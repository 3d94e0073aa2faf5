// The orders module's part of a customer's data (docs/decisions/0040, 0076): the saved address, the
// cart, the orders with their lines and history, and the after-sales requests. Closing an account
// keeps each order's amounts, dates and goods (accounting law) and replaces who and where.
import {
  type Address,
  AFTER_SALE_STATUS_LABELS,
  type AfterSaleStatus,
  type DataSection,
  ORDER_STATUS_LABELS,
  PrivacyMessages,
} from "@yj/contract";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  afterSales,
  cartItems,
  customerAddresses,
  idempotencyKeys,
  orderEvents,
  orderLines,
  orders,
} from "../../db/schema.js";

type Reader = Pick<Db, "select">;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const yuan = (cents: number) => (cents / 100).toFixed(2);
const addressText = (a: Address) => [a.province, a.city, a.district, a.town, a.detail].filter(Boolean).join(" ");

/** What an order of a closed account shows where the consignee was (docs/decisions/0076). */
export const CLOSED_CONSIGNEE: Address = {
  name: "已注销用户",
  phone: "",
  province: "",
  city: "",
  district: "",
  town: "",
  detail: "",
};

export async function ordersData(reader: Reader, customerId: number): Promise<DataSection[]> {
  const [saved] = await reader.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId));
  const cart = await reader
    .select()
    .from(cartItems)
    .where(eq(cartItems.customerId, customerId))
    .orderBy(asc(cartItems.id));
  const mine = await reader
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const ids = mine.map((o) => o.id);
  const numberOf = new Map(mine.map((o) => [o.id, o.orderNo]));
  const lines = ids.length
    ? await reader.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id))
    : [];
  const events = ids.length
    ? await reader.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.id))
    : [];
  const requests = await reader
    .select()
    .from(afterSales)
    .where(eq(afterSales.customerId, customerId))
    .orderBy(desc(afterSales.createdAt));
  return [
    {
      key: "addresses",
      title: "收货地址",
      // Field by field, so 我的数据 can open the correction with the address as it is.
      columns: [
        { key: "name", header: "收货人" },
        { key: "phone", header: "手机号" },
        { key: "province", header: "省" },
        { key: "city", header: "市" },
        { key: "district", header: "区县" },
        { key: "town", header: "乡镇街道" },
        { key: "detail", header: "详细地址" },
        { key: "updatedAt", header: "更新时间" },
      ],
      rows: saved
        ? [
            {
              name: saved.address.name,
              phone: saved.address.phone,
              province: saved.address.province,
              city: saved.address.city,
              district: saved.address.district,
              town: saved.address.town,
              detail: saved.address.detail,
              updatedAt: iso(saved.updatedAt),
            },
          ]
        : [],
    },
    {
      key: "cart",
      title: "购物车",
      columns: [
        { key: "goodsId", header: "商品编号" },
        { key: "skuId", header: "规格编号" },
        { key: "quantity", header: "数量" },
        { key: "createdAt", header: "加入时间" },
      ],
      rows: cart.map((c) => ({
        goodsId: c.goodsId,
        skuId: c.skuId,
        quantity: c.quantity,
        createdAt: iso(c.createdAt),
      })),
    },
    {
      key: "orders",
      title: "订单",
      columns: [
        { key: "orderNo", header: "订单号" },
        { key: "status", header: "状态" },
        { key: "total", header: "金额（元）" },
        { key: "consignee", header: "收货人" },
        { key: "phone", header: "收货手机" },
        { key: "address", header: "收货地址" },
        { key: "remark", header: "备注" },
        { key: "createdAt", header: "下单时间" },
        { key: "paidAt", header: "支付时间" },
        { key: "shippedAt", header: "发货时间" },
        { key: "completedAt", header: "完成时间" },
      ],
      rows: mine.map((o) => ({
        orderNo: o.orderNo,
        status: ORDER_STATUS_LABELS[o.status],
        total: yuan(o.totalCents),
        consignee: o.address.name,
        phone: o.address.phone,
        address: addressText(o.address),
        remark: o.remark,
        createdAt: iso(o.createdAt),
        paidAt: iso(o.paidAt),
        shippedAt: iso(o.shippedAt),
        completedAt: iso(o.completedAt),
      })),
    },
    {
      key: "orderLines",
      title: "订单商品",
      columns: [
        { key: "orderNo", header: "订单号" },
        { key: "name", header: "商品" },
        { key: "spec", header: "规格" },
        { key: "price", header: "单价（元）" },
        { key: "quantity", header: "数量" },
        { key: "amount", header: "小计（元）" },
      ],
      rows: lines.map((l) => ({
        orderNo: numberOf.get(l.orderId) ?? "",
        name: l.name,
        spec: l.spec,
        price: yuan(l.priceCents),
        quantity: l.quantity,
        amount: yuan(l.amountCents),
      })),
    },
    {
      key: "orderEvents",
      title: "订单记录",
      columns: [
        { key: "orderNo", header: "订单号" },
        { key: "status", header: "状态" },
        { key: "note", header: "说明" },
        { key: "at", header: "时间" },
      ],
      rows: events.map((e) => ({
        orderNo: numberOf.get(e.orderId) ?? "",
        status: ORDER_STATUS_LABELS[e.status],
        note: e.note,
        at: iso(e.at),
      })),
    },
    {
      key: "afterSales",
      title: "售后申请",
      columns: [
        { key: "orderNo", header: "订单号" },
        { key: "kind", header: "类型" },
        { key: "reason", header: "原因" },
        { key: "photos", header: "照片" },
        { key: "status", header: "状态" },
        { key: "createdAt", header: "申请时间" },
      ],
      rows: requests.map((r) => ({
        orderNo: numberOf.get(r.orderId) ?? "",
        kind: r.kind === "return" ? "退货" : "维修",
        reason: r.reason,
        // The photos' addresses, one per line (the stored keys are the address without /media/).
        photos: r.photos.map((key) => `/media/${key}`).join("\n"),
        status: AFTER_SALE_STATUS_LABELS[r.status as AfterSaleStatus] ?? r.status,
        createdAt: iso(r.createdAt),
      })),
    },
  ];
}

/** The customer's order ids and numbers: what the payments module keeps its trades by. */
export async function customerOrderIds(reader: Reader, customerId: number): Promise<{ id: number; orderNo: string }[]> {
  return reader
    .select({ id: orders.id, orderNo: orders.orderNo })
    .from(orders)
    .where(eq(orders.customerId, customerId));
}

/** Why the account may not close yet because of its orders (docs/decisions/0076): each reason once. */
export async function ordersClosingRefusals(reader: Reader, customerId: number): Promise<string[]> {
  const open = await reader
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), inArray(orders.status, ["pending_payment", "paid", "shipped"])));
  const requested = await reader
    .select({ id: afterSales.id })
    .from(afterSales)
    .where(and(eq(afterSales.customerId, customerId), inArray(afterSales.status, ["requested", "approved"])))
    .limit(1);
  const reasons: string[] = [];
  if (open.some((o) => o.status === "pending_payment")) reasons.push(PrivacyMessages.unpaidOrder);
  // Paid and not yet shipped: the goods still have to reach the address a closing would erase.
  if (open.some((o) => o.status === "paid")) reasons.push(PrivacyMessages.paidOrder);
  if (open.some((o) => o.status === "shipped")) reasons.push(PrivacyMessages.shippedOrder);
  if (requested.length > 0) reasons.push(PrivacyMessages.pendingRefund);
  return reasons;
}

/**
 * Forgets the customer in their orders inside the closing's transaction: the saved address, the cart
 * and the replayable answers (which repeat the address) go; each order keeps its number, amounts,
 * dates and goods, with the consignee, remark, history notes and after-sales reasons and photos cleared.
 */
export async function forgetOrdersCustomer(tx: Db, customerId: number): Promise<Record<string, number>> {
  await tx.delete(customerAddresses).where(eq(customerAddresses.customerId, customerId));
  const cart = await tx.delete(cartItems).where(eq(cartItems.customerId, customerId)).returning({ id: cartItems.id });
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.customerId, customerId));
  const kept = await tx
    .update(orders)
    .set({ address: CLOSED_CONSIGNEE, remark: "" })
    .where(eq(orders.customerId, customerId))
    .returning({ id: orders.id });
  const ids = kept.map((o) => o.id);
  if (ids.length) await tx.update(orderEvents).set({ note: "" }).where(inArray(orderEvents.orderId, ids));
  await tx.update(afterSales).set({ reason: "", photos: [] }).where(eq(afterSales.customerId, customerId));
  return { orders: ids.length, cart: cart.length };
}

/** 我的数据's correction of the saved address (the one the next order is prefilled with). */
export async function saveCustomerAddress(db: Db, customerId: number, address: Address, now: Date): Promise<void> {
  await db
    .insert(customerAddresses)
    .values({ customerId, address, updatedAt: now })
    .onConflictDoUpdate({ target: customerAddresses.customerId, set: { address, updatedAt: now } });
}

export async function removeCustomerAddress(db: Db, customerId: number): Promise<void> {
  await db.delete(customerAddresses).where(eq(customerAddresses.customerId, customerId));
}
