// Cart, orders and payments (docs/product.md §7 "not shown": the shapes are defined here; ADR 0023).
// Money is integer cents. Prices in answers are always the database's, never the client's.
import { z } from "zod";
import { phoneField } from "./accounts.js";
import {
  AFTER_SALE_KINDS,
  AFTER_SALE_REASON_MAX,
  AFTER_SALE_REASONS,
  AfterSale,
  MAX_AFTER_SALE_PHOTOS,
} from "./after-sales.js";
import { currentParam, Page, pageSizeParam } from "./common.js";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "./order-bounds.js";
import { OrderRefund } from "./refunds.js";
import { text } from "./text.js";

const quantity = z
  .number({ error: "数量必须是数字" })
  .int({ error: "数量必须是整数" })
  .min(1, { error: "数量至少为 1" })
  .max(MAX_LINE_QUANTITY, { error: `数量不能超过 ${MAX_LINE_QUANTITY}` });
const bodyId = (label: string) =>
  z
    .number({ error: `${label}必须是数字` })
    .int({ error: `${label}无效` })
    .min(1, { error: `${label}无效` })
    .max(2_147_483_647, { error: `${label}无效` });

/** Order states (docs/product.md §4 adds none; the Commerce issue names them) and their Chinese labels. */
export const ORDER_STATUSES = ["pending_payment", "paid", "shipped", "completed", "cancelled", "refunded"] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "待支付",
  paid: "已支付",
  shipped: "已发货",
  completed: "已完成",
  cancelled: "已取消",
  /** Paid, then refunded in full before it shipped (docs/decisions/0063). */
  refunded: "已退款",
};
/** An order not paid this long after it was made is cancelled and its stock released. */
export const ORDER_PAYMENT_WINDOW_MINUTES = 30;
/** The header every order call carries (R8): the same key replays the same answer. */
export const IDEMPOTENCY_HEADER = "idempotency-key";

// ── Cart ────────────────────────────────────────────────────────────────────────────────────────────

/** What a cart line and an order line say of the goods and SKU they hold. */
const skuLine = {
  goodsId: z.number().int(),
  skuId: z.number().int(),
  name: z.string(),
  spec: z.string(),
  cover: z.string(),
  unit: z.string(),
};

export const CartLine = z.object({
  /** cartId (docs/product.md §3). */
  id: z.number().int(),
  ...skuLine,
  /** The SKU's price now, in cents. */
  price: z.number().int(),
  /** The price when the line was added; differs from `price` when the price changed since. */
  addedPrice: z.number().int(),
  quantity: z.number().int(),
  selected: z.boolean(),
  /** Units that can still be bought (the SKU's stock). */
  stock: z.number().int(),
  /** false when the goods went off sale or its stock is 0: the line cannot be ordered. */
  available: z.boolean(),
  /** Made-to-order goods (定制商品): no seven-day no-reason return; the order asks the buyer to confirm it. */
  madeToOrder: z.boolean(),
});
export type CartLine = z.infer<typeof CartLine>;

/** What a package includes, shown under its cart group (read from the package, not bought separately). */
export const CartPackageItem = z.object({ name: z.string(), quantity: z.number(), unit: z.string(), room: z.string() });

/** mealData: the lines of one package, grouped under the package id (isMeal). */
export const CartMealGroup = z.object({
  isMeal: z.number().int(),
  name: z.string(),
  cover: z.string(),
  lines: z.array(CartLine),
  includes: z.array(CartPackageItem),
});
export type CartMealGroup = z.infer<typeof CartMealGroup>;

export const CartData = z.object({
  /** singleDada (docs/product.md §3, spelled as the original client did): lines of single goods. */
  singleDada: z.array(CartLine),
  mealData: z.array(CartMealGroup),
  /** cartNum: units in the cart (the header badge). */
  cartNum: z.number().int(),
  /** realPrice: total of the selected, available lines at today's prices, in cents. */
  realPrice: z.number().int(),
});
export type CartData = z.infer<typeof CartData>;

/** Add one goods SKU (a single item or a package's version); an existing line of that SKU grows. */
export const CartCreateBody = z.object({ goodsId: bodyId("商品"), skuId: bodyId("规格"), quantity });
/** A package's lines at once, grouped under the package id (isMeal); every goodsId must be that package. */
export const CartCreateListBody = z.object({
  isMeal: bodyId("套餐"),
  items: z.array(CartCreateBody).min(1, { error: "请选择套餐规格" }).max(20),
});
export const CartUpdateBody = z
  .object({ id: bodyId("购物车条目"), quantity: quantity.optional(), selected: z.boolean().optional() })
  .refine((b) => b.quantity !== undefined || b.selected !== undefined, { error: "请指定数量或选中状态" });
export const CartUpdateListBody = z.object({ items: z.array(CartUpdateBody).min(1).max(MAX_ORDER_LINES) });
export const CartDeleteBody = z.object({
  ids: z.array(bodyId("购物车条目")).min(1, { error: "请选择要删除的商品" }).max(MAX_ORDER_LINES),
});

// ── Address and customer info ─────────────────────────────────────────────────────────────────────────

const addressText = (label: string, max: number, required: string) =>
  text(label, required)
    .trim()
    .min(1, { error: required })
    .max(max, { error: `${label}不能超过 ${max} 个字符` });

/** A delivery address: the 4 region levels (docs/product.md §1 region table) and the street line. */
export const Address = z.object({
  name: addressText("收货人", 20, "请输入收货人"),
  phone: phoneField,
  province: addressText("省", 20, "请选择省"),
  city: addressText("市", 20, "请选择市"),
  district: addressText("区县", 20, "请选择区县"),
  /** The town or street office; some districts have none. */
  town: text("乡镇街道").trim().max(30, { error: "乡镇街道不能超过 30 个字符" }).default(""),
  /** The deepest region code chosen, to reopen the picker where it was. */
  regionCode: text("地区编码")
    .regex(/^\d{6,12}$/, { error: "地区编码无效" })
    .optional(),
  detail: addressText("详细地址", 120, "请输入详细地址"),
});
export type Address = z.infer<typeof Address>;
export type AddressInput = z.input<typeof Address>;

export const CustomerInfoQuery = z.object({ mobile: phoneField });
/** The contact to prefill the order page with: the last address ordered to, or the login mobile. */
export const CustomerInfoData = z.object({ mobile: z.string(), address: Address.nullable() });
export type CustomerInfoData = z.infer<typeof CustomerInfoData>;

// ── Orders ────────────────────────────────────────────────────────────────────────────────────────────

const remark = text("备注").trim().max(200, { error: "备注不能超过 200 个字" }).default("");
/**
 * The buyer ticked 我已知晓定制商品不支持七天无理由退货: required (true) when the order holds made-to-order
 * goods, which the server decides from its own rows (docs/decisions/0064).
 */
const madeToOrderConfirmed = z.boolean({ error: "定制商品确认无效" }).optional();

/** createOrder: buy now from a product or package page (one SKU and a quantity). */
export const CreateOrderBody = z.object({
  goodsId: bodyId("商品"),
  skuId: bodyId("规格"),
  quantity,
  /** The package id when bought from a package page. */
  isMeal: bodyId("套餐").optional(),
  address: Address,
  remark,
  madeToOrderConfirmed,
});
export type CreateOrderBody = z.input<typeof CreateOrderBody>;

/** createOrders: the selected cart lines (cartId) as one order; the lines leave the cart. */
export const CreateOrdersBody = z.object({
  cartIds: z.array(bodyId("购物车条目")).min(1, { error: "请选择要购买的商品" }).max(MAX_ORDER_LINES),
  address: Address,
  remark,
  madeToOrderConfirmed,
});
export type CreateOrdersBody = z.input<typeof CreateOrdersBody>;

export const OrderLine = z.object({
  ...skuLine,
  isMeal: z.number().int().nullable(),
  price: z.number().int(),
  quantity: z.number().int(),
  amount: z.number().int(),
  /** Copied from the goods when the order was made. */
  madeToOrder: z.boolean(),
});
export type OrderLine = z.infer<typeof OrderLine>;

/** The note of the cancellation the expiry job makes, which the pay step shows as the reason. */
export const ORDER_EXPIRY_NOTE = "超时未支付，订单已自动取消";

export const OrderEvent = z.object({ status: OrderStatus, at: z.string(), note: z.string() });

export const Order = z.object({
  orderNo: z.string(),
  status: OrderStatus,
  /** Cents. */
  totalAmount: z.number().int(),
  lines: z.array(OrderLine),
  address: Address,
  remark: z.string(),
  createdAt: z.string(),
  /** Until then an unpaid order can be paid; after it, it is cancelled. */
  payBefore: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** When the buyer confirmed that the made-to-order lines have no seven-day no-reason return. */
  madeToOrderConfirmedAt: z.string().nullable(),
  history: z.array(OrderEvent),
  /** Its refunds (申请退款 and their states, docs/decisions/0063), oldest first. */
  refunds: z.array(OrderRefund).optional(),
  /** The order's after-sales requests, newest first. */
  afterSales: z.array(AfterSale),
});
export type Order = z.infer<typeof Order>;

export const OrderListQuery = z.object({
  status: OrderStatus.or(z.literal("").transform(() => undefined)).optional(),
  current: currentParam,
  pageSize: pageSizeParam,
});
export const OrderPage = Page(Order);
export const OrderNoQuery = z.object({
  orderNo: text("订单号", "请提供订单号")
    .trim()
    .regex(/^[A-Z0-9]{8,32}$/, { error: "订单号无效" }),
});
export const OrderNoBody = OrderNoQuery;

// ── After-sales (docs/decisions/0064) ─────────────────────────────────────────────────────────────────

/** A photo the buyer uploaded for an after-sales request: the URL the upload answered. */
const AfterSalePhoto = text("照片", "照片无效")
  .trim()
  .regex(/^\/media\/aftersale-[0-9a-f]{24}(-avif)?-[1-9][0-9]{1,4}\.webp$/, { error: "照片无效，请重新上传" });

/** 申请售后: a return or a repair of a shipped or completed order, with a reason and photos. */
export const AfterSaleCreateBody = z.object({
  orderNo: OrderNoQuery.shape.orderNo,
  kind: z.enum(AFTER_SALE_KINDS, { error: "请选择退货或维修" }),
  reasonKind: z.enum(AFTER_SALE_REASONS, { error: "请选择售后原因" }),
  reason: text("问题描述", "请填写问题描述")
    .trim()
    .min(1, { error: "请填写问题描述" })
    .max(AFTER_SALE_REASON_MAX, { error: `问题描述不能超过 ${AFTER_SALE_REASON_MAX} 个字` }),
  photos: z
    .array(AfterSalePhoto)
    .max(MAX_AFTER_SALE_PHOTOS, { error: `照片最多 ${MAX_AFTER_SALE_PHOTOS} 张` })
    .default([]),
});
export type AfterSaleCreateBody = z.input<typeof AfterSaleCreateBody>;

/** A photo uploaded for an after-sales request: its URL (the largest WebP), as staff open it. */
export const AfterSalePhotoData = z.object({ url: z.string(), thumbnail: z.string() });
export type AfterSalePhotoData = z.infer<typeof AfterSalePhotoData>;

// ── Payments ──────────────────────────────────────────────────────────────────────────────────────────

/** Who takes a payment (docs/decisions/0062): offline is development's stand-in, without money. */
export const PAYMENT_PROVIDERS = ["offline", "alipay", "wechat"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * docs/product.md §7: precreate takes name and mobile (the activity deposit: the name given on
 * /decorate-act). With orderNo it pays that order instead (the customer's own, logged in).
 */
export const PrecreateQuery = z.object({
  name: text("名称").trim().max(64, { error: "名称不能超过 64 个字符" }).optional(),
  mobile: phoneField.optional(),
  orderNo: OrderNoQuery.shape.orderNo.optional(),
  /** A renovation project's instalment the owner pays (docs/decisions/0073); logged in, like an order. */
  instalmentId: z.coerce
    .number({ error: "款项无效" })
    .int({ error: "款项无效" })
    .min(1, { error: "款项无效" })
    .max(2_147_483_647, { error: "款项无效" })
    .optional(),
  /** The buyer's choice (支付宝 or 微信支付); the shop's default method when absent. */
  method: z.enum(PAYMENT_PROVIDERS, { error: "请选择支付宝或微信支付" }).optional(),
  /**
   * The page says it is on a phone (docs/decisions/0066): the server may then answer a phone channel
   * (WeChat H5 or JSAPI, Alipay's mobile-site pay) when the User-Agent agrees. Absent: a QR code, as
   * every client before it understood.
   */
  client: z.enum(["phone", "desktop"], { error: "客户端类型无效" }).optional(),
});

/** How the buyer pays (docs/decisions/0066): a code to scan, or a phone flow. */
export const PAY_CHANNELS = ["qr", "h5", "jsapi", "wap"] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/** What WeixinJSBridge.invoke('getBrandWCPayRequest', …) takes, signed by the server (RSA). */
export const JsapiPayParams = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal("RSA"),
  paySign: z.string(),
});
export type JsapiPayParams = z.infer<typeof JsapiPayParams>;

export const PrecreateData = z.object({
  outTradeNo: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** What the buyer scans (Alipay's qr_code URL, WeChat Pay's code_url), or the offline provider's local pay page. */
  qrCode: z.string(),
  amount: z.number().int(),
  subject: z.string(),
  /**
   * The methods the shop offers, its default first (docs/decisions/0062); the pay step lets the buyer
   * switch between them when there are several. Absent: the provider's own method only.
   */
  methods: z.array(z.enum(PAYMENT_PROVIDERS)).optional(),
  /** How to pay this trade (docs/decisions/0066); absent or "qr": scan `qrCode`. */
  channel: z.enum(PAY_CHANNELS).optional(),
  /** h5 and wap: where the browser goes to pay (WeChat's h5_url with our redirect_url, Alipay's signed page URL). */
  payUrl: z.string().optional(),
  /** jsapi: the signed arguments of getBrandWCPayRequest inside WeChat. */
  jsapi: JsapiPayParams.optional(),
});
export type PrecreateData = z.infer<typeof PrecreateData>;

/**
 * The `data` of a WeChat precreate inside WeChat before the shop knows the visitor's openid: the
 * page goes to `oauthUrl` (WeChat's snsapi_base authorisation, then back to the pay step).
 */
export const NeedsWechatOauth = z.object({ oauthUrl: z.string() });
export type NeedsWechatOauth = z.infer<typeof NeedsWechatOauth>;

/** Inside WeChat's browser Alipay cannot open (WeChat blocks it): the pay step says so (docs/decisions/0066). */
export const ALIPAY_IN_WECHAT_MESSAGE = "请在浏览器中打开以使用支付宝";

/** Each method's name on the pay step. */
export const PAYMENT_METHOD_LABELS: Record<PaymentProvider, string> = {
  offline: "模拟支付",
  alipay: "支付宝",
  wechat: "微信支付",
};

/**
 * The `data` of a precreate refused because there is nothing left to pay (the order or the activity
 * deposit is paid): the pay step then says 已支付 instead of offering a new code (issue #27 item 12).
 */
export const AlreadyPaid = z.object({ alreadyPaid: z.literal(true) });
export type AlreadyPaid = z.infer<typeof AlreadyPaid>;
export const ALREADY_PAID: AlreadyPaid = { alreadyPaid: true };

export const TRADE_STATUSES = ["WAIT_BUYER_PAY", "TRADE_SUCCESS", "TRADE_CLOSED", "TRADE_FINISHED"] as const;
export const TradeQuery = z.object({
  out_trade_no: text("交易号", "请提供交易号")
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "交易号无效" }),
});
export const TradeData = z.object({
  outTradeNo: z.string(),
  status: z.enum(TRADE_STATUSES),
  amount: z.number().int(),
  paidAt: z.string().nullable(),
  orderNo: z.string().nullable(),
});
export type TradeData = z.infer<typeof TradeData>;

/** The offline provider's local pay step (development only; refused in production). */
export const OfflinePayBody = z.object({ outTradeNo: TradeQuery.shape.out_trade_no });

/** The activity deposit (docs/product.md §2 /decorate-act), in cents. */
export const ACTIVITY_DEPOSIT_CENTS = 9_900;
