// Cart, orders and payments (docs/product.md §7 "not shown": shapes defined here). Money is integer cents.
import { z } from "zod";
import { phoneField } from "./accounts.js";
import { idParam } from "./common.js";

const quantity = z
  .number({ error: "数量必须是数字" })
  .int()
  .min(1, { error: "数量至少为 1" })
  .max(999, { error: "数量不能超过 999" });
const bodyId = z.number({ error: "id 必须是数字" }).int().min(1).max(2_147_483_647);

export const CartItem = z.object({
  id: z.number().int(),
  goodsId: z.number().int(),
  skuId: z.number().int(),
  name: z.string(),
  spec: z.string(),
  cover: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  selected: z.boolean(),
  isPackage: z.boolean(),
  stock: z.number().int(),
  /** false when the goods went off sale or the SKU is out of stock. */
  available: z.boolean(),
});
export type CartItem = z.infer<typeof CartItem>;

export const CartData = z.object({
  items: z.array(CartItem),
  /** cartNum (docs/product.md §3): the number of units in the cart. */
  count: z.number().int(),
  /** realPrice (docs/product.md §3): total of the selected, available lines, in cents. */
  selectedTotal: z.number().int(),
});
export type CartData = z.infer<typeof CartData>;

export const CartCreateBody = z.object({ goodsId: bodyId, skuId: bodyId, quantity });
export const CartCreateListBody = z.object({ items: z.array(CartCreateBody).min(1).max(50) });
export const CartUpdateBody = z.object({ id: bodyId, quantity: quantity.optional(), selected: z.boolean().optional() });
export const CartUpdateListBody = z.object({ items: z.array(CartUpdateBody).min(1).max(100) });
export const CartDeleteBody = z.object({ ids: z.array(bodyId).min(1).max(100) });

export const Address = z.object({
  name: z.string().trim().min(1, { error: "请输入收货人" }).max(20),
  phone: phoneField,
  province: z.string().trim().min(1, { error: "请选择省" }).max(20),
  city: z.string().trim().min(1, { error: "请选择市" }).max(20),
  district: z.string().trim().max(20).default(""),
  detail: z.string().trim().min(1, { error: "请输入详细地址" }).max(120),
});
export type Address = z.infer<typeof Address>;

export const CustomerInfoQuery = z.object({ mobile: phoneField });
/** The last address the customer ordered to, to prefill the order page. */
export const CustomerInfoData = z.object({ mobile: z.string(), address: Address.nullable() });

/** One order from the selected cart lines (cartIds) or from a direct purchase (items). */
export const CreateOrderBody = z
  .object({
    cartIds: z.array(bodyId).max(100).optional(),
    items: z
      .array(z.object({ goodsId: bodyId, skuId: bodyId, quantity }))
      .max(50)
      .optional(),
    address: Address,
    remark: z.string().trim().max(200).default(""),
  })
  .refine((b) => (b.cartIds?.length ?? 0) + (b.items?.length ?? 0) > 0, { error: "请选择要购买的商品" });
export type CreateOrderBody = z.input<typeof CreateOrderBody>;

/** createOrders: single items and package (meal) items as separate orders in one call. */
export const CreateOrdersBody = z.object({ orders: z.array(CreateOrderBody).min(1).max(5) });

export const OrderLine = z.object({
  goodsId: z.number().int(),
  skuId: z.number().int(),
  name: z.string(),
  spec: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
});
export const Order = z.object({
  orderNo: z.string(),
  status: z.enum(["pending_payment", "paid", "cancelled"]),
  totalAmount: z.number().int(),
  lines: z.array(OrderLine),
  createdAt: z.string(),
});
export type Order = z.infer<typeof Order>;

export const PrecreateQuery = z.object({
  /** Order number to pay (or an activity deposit name). */
  name: z.string().trim().min(1).max(64),
  mobile: phoneField,
});
export const PrecreateData = z.object({ outTradeNo: z.string(), qrCode: z.string(), amount: z.number().int() });

export const TradeQuery = z.object({ out_trade_no: z.string().trim().min(1).max(64) });
export const TradeData = z.object({
  outTradeNo: z.string(),
  status: z.enum(["WAIT_BUYER_PAY", "TRADE_SUCCESS", "TRADE_CLOSED", "TRADE_FINISHED"]),
  paidAt: z.string().nullable(),
});

export const OrderIdQuery = z.object({ id: idParam() });
