// One Drizzle pg-core schema for PGlite and PostgreSQL alike (ADR 0002).
// Column names are snake_case in SQL (drizzle `casing: "snake_case"`), camelCase in TypeScript.
// Money is integer cents everywhere.
import type {
  Address,
  ChangeOrderItem,
  ChangeOrderKind,
  ChangeOrderStatus,
  ChatSender,
  ChatStatus,
  CodePurpose,
  InstalmentStatus,
  LeadKind,
  OrderStatus,
  ProjectChecklistItem,
  ProjectStageStatus,
  ProjectStatus,
  SitePageBlock,
  StaffRole,
  StageRecordKind,
  VersionInstalment,
} from "@yj/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Raw bytes. node-postgres reads a Buffer, PGlite a Uint8Array: both come back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** Category tree: level 1 (groups), level 2 (the docs/product.md §2 menu ids 3,4,5,6,8,9,49,50), level 3. */
export const goodsCategories = pgTable(
  "goods_categories",
  {
    id: integer().primaryKey(),
    content: text().notNull(),
    parentId: integer(),
    level: smallint().notNull(),
    sort: integer().notNull().default(0),
    /** 0: hidden from the storefront's category tree, with everything under it (docs/decisions/0036). */
    isShow: smallint().notNull().default(1),
    /** Hex colour (#rrggbb) used for this category's generated images. */
    color: text().notNull(),
  },
  (t) => [index().on(t.parentId)],
);

export const goodsTags = pgTable("goods_tags", {
  id: integer().primaryKey(),
  name: text().notNull(),
});

/** Goods, including packages (isPackage = true, see packageItems). */
export const goods = pgTable(
  "goods",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    subtitle: text().notNull().default(""),
    category1: integer().notNull(),
    category2: integer().notNull(),
    category3: integer(),
    tagIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    brand: text().notNull(),
    priceCents: integer().notNull(),
    originalPriceCents: integer().notNull(),
    /** Unit the price is quoted in: 件, 套, ㎡, 延米 … */
    unit: text().notNull().default("件"),
    /** Media keys (see `media`), first is the cover. */
    images: text().array().notNull().default(sql`'{}'::text[]`),
    /** Short "参数" list: [{name, value}]. */
    params: jsonb().$type<{ name: string; value: string }[]>().notNull().default([]),
    description: text().notNull().default(""),
    status: smallint().notNull().default(1),
    isShow: smallint().notNull().default(1),
    sales: integer().notNull().default(0),
    sort: integer().notNull().default(0),
    isPackage: boolean().notNull().default(false),
    /**
     * 定制 goods (定制橱柜, 定制空间家具, 全屋定制): made for one home, so the seven-day no-reason
     * return does not apply; the buyer confirms it at order time.
     */
    madeToOrder: boolean().notNull().default(false),
    /** Packages only: 'fixed' (priceCents for the whole package) or 'per_m2' (priceCents per ㎡). */
    packagePriceMode: text().$type<"fixed" | "per_m2">(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The row as the contract's GoodsListItem, JSON text kept by PostgreSQL itself, so that every
     * change to a listed column changes it too; a goods page is these texts joined (ADR 0011).
     */
    listItem: text()
      .notNull()
      .generatedAlwaysAs(
        sql`goods_list_item(id, name, subtitle, brand, price_cents, original_price_cents, unit, images, tag_ids, sales, category1, category2, category3, is_package, package_price_mode)`,
      ),
  },
  (t) => [
    index().on(t.category2, t.status, t.isShow),
    index().on(t.category3),
    // Chinese substring search: ILIKE '%q%' with a trigram index on PostgreSQL (ADR 0004).
    index("goods_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

/** Purchasable specifications (SKUs) of a goods row, each with its own price and stock. */
export const goodsSkus = pgTable(
  "goods_skus",
  {
    id: serial().primaryKey(),
    goodsId: integer()
      .notNull()
      .references(() => goods.id, { onDelete: "cascade" }),
    /** e.g. "颜色:雾霾灰 / 尺寸:三人位 2.4m" */
    spec: text().notNull(),
    priceCents: integer().notNull(),
    stock: integer().notNull(),
    sort: integer().notNull().default(0),
  },
  // R7: stock is never negative, whatever a writer does.
  (t) => [index().on(t.goodsId), check("goods_skus_stock_not_negative", sql`${t.stock} >= 0`)],
);

/** What a package includes. goodsId links to a catalogue item when there is one. */
export const packageItems = pgTable(
  "package_items",
  {
    id: serial().primaryKey(),
    packageId: integer()
      .notNull()
      .references(() => goods.id, { onDelete: "cascade" }),
    goodsId: integer().references(() => goods.id),
    name: text().notNull(),
    quantity: integer().notNull(),
    unit: text().notNull(),
    /** Space or group the item belongs to, e.g. 客厅, 主卧, 厨房. */
    room: text().notNull().default(""),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.packageId)],
);

/** Decoration stages used to tag guides (docs/product.md §3: all_tag, tags). */
export const articleTags = pgTable("article_tags", {
  id: integer().primaryKey(),
  name: text().notNull(),
  sort: integer().notNull().default(0),
});

/** Guides (type 1) and inspiration cases (type 2) are both articles (docs/product.md §7 favourites type 2). */
export const articles = pgTable(
  "articles",
  {
    id: serial().primaryKey(),
    type: smallint().notNull(),
    title: text().notNull(),
    summary: text().notNull(),
    cover: text().notNull(),
    /** Body as an ordered list of blocks, rendered without raw HTML (no XSS surface). */
    content: jsonb()
      .$type<
        (
          | { kind: "heading"; text: string }
          | { kind: "paragraph"; text: string }
          | { kind: "image"; src: string; caption: string }
        )[]
      >()
      .notNull(),
    tagId: integer(),
    author: text().notNull().default(""),
    views: integer().notNull().default(0),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    // Case-only fields (type 2).
    style: text(),
    layout: text(),
    areaM2: integer(),
    budgetCents: integer(),
    city: text(),
    designer: text(),
  },
  (t) => [index().on(t.type, t.publishedAt), index().on(t.tagId)],
);

export const stores = pgTable(
  "stores",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    province: text().notNull(),
    city: text().notNull(),
    address: text().notNull(),
    phone: text().notNull(),
    hours: text().notNull(),
    lng: doublePrecision().notNull(),
    lat: doublePrecision().notNull(),
    image: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.city)],
);

/** Home carousel. city/province null = the default banners shown where a city has none. */
export const banners = pgTable(
  "banners",
  {
    id: serial().primaryKey(),
    province: text(),
    city: text(),
    title: text().notNull(),
    image: text().notNull(),
    link: text().notNull(),
    sort: integer().notNull().default(0),
    // Text shown as HTML over the picture (docs/decisions/0055), "" = none: a picture carries no words.
    headline: text().notNull().default(""),
    subline: text().notNull().default(""),
    buttonLabel: text().notNull().default(""),
  },
  (t) => [index().on(t.city)],
);

/**
 * Website configs. type 1: one row per covered city, content {city, province}.
 * type 2: hard-decoration unit prices, content {city, province, ...prices in cents per ㎡}.
 */
export const websiteConfigs = pgTable(
  "website_configs",
  {
    id: serial().primaryKey(),
    type: smallint().notNull(),
    content: jsonb().$type<Record<string, unknown>>().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.type)],
);

/** One row (id 1): what the brand running the shop says about itself. */
export const siteSettings = pgTable("site_settings", {
  id: integer().primaryKey(),
  brandName: text().notNull(),
  hotline: text().notNull(),
  headOfficeAddress: text().notNull(),
  icpNumber: text().notNull(),
  coveredCities: integer().notNull(),
  defaultProvince: text().notNull(),
  defaultCity: text().notNull(),
  serviceHours: text().notNull(),
  serviceEmail: text().notNull(),
  wechat: text().notNull(),
  /** Owners served before this site counted them; the served counter adds distinct lead phones to it. */
  servedOwnersBase: integer().notNull().default(12_800),
  /** The /decorate-act deposit, in cents (ADR 0024). */
  activityDepositCents: integer().notNull().default(9_900),
  /** A paid deposit can be refunded (申请退款) this many days after it was paid; 0: never. */
  depositRefundDays: integer().notNull().default(7),
  /**
   * Other sites' origins (https://host[:port]) allowed to embed the panorama page /iframe in a frame;
   * none by default (docs/decisions/0050-standards-api-document-metrics-and-headers.md).
   */
  embedOrigins: jsonb().$type<string[]>().notNull().default([]),
  // The 在线客服 card (docs/decisions/0078): the chat window's greeting, the inbox's canned replies,
  // and the 企业微信客服 link the window offers (empty: none). Until saved once, the greeting ("") and
  // the replies (null) are the contract's CHAT_GREETING and CHAT_CANNED_REPLIES.
  chatGreeting: text().notNull().default(""),
  chatCannedReplies: jsonb().$type<string[]>(),
  wecomKfUrl: text().notNull().default(""),
  // Filings and licence (issue #26, docs/decisions/0077): what the footer and /business-licence show.
  /** 公安备案 as the filing reads it, e.g. "浙公网安备 33010602000000号"; empty: not shown. */
  policeFilingNumber: text().notNull().default(""),
  /** The registered name on the business licence (营业执照). */
  companyName: text().notNull().default(""),
  /** The registered address on the licence (住所). */
  companyAddress: text().notNull().default(""),
  /** 统一社会信用代码 (GB 32100-2015), 18 characters. */
  creditCode: text().notNull().default(""),
  /** The licence picture's URL (an upload of the picture pipeline, docs/decisions/0037); empty: none. */
  licenceImage: text().notNull().default(""),
  /** Leads that never became customers lose phone and name this many months after their last activity. */
  leadRetentionMonths: integer().notNull().default(24),
});

/** Generated images (SVG), served at /media/:key with long-lived caching. */
export const media = pgTable("media", {
  key: text().primaryKey(),
  contentType: text().notNull(),
  body: text().notNull(),
});

/**
 * Pictures uploaded in the back office, one row per stored width, re-encoded to WebP (ADR 0037).
 * Kept in the database like `media`, so every instance serves them; the key holds a hash of the
 * upload and the width, so a key's bytes never change.
 */
export const mediaUploads = pgTable("media_uploads", {
  key: text().primaryKey(),
  purpose: text().notNull(),
  contentType: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  body: bytea().notNull(),
  uploadedBy: integer().references(() => staff.id, { onDelete: "set null" }),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/** Records which demo data version was loaded, so first start seeds once. */
export const seedState = pgTable("seed_state", {
  name: text().primaryKey(),
  version: integer().notNull(),
  loadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// Accounts (docs/product.md §4, §6; R1–R6). Times are written from the service clock, never the database's,
// so expiry rules can be tested with an injected clock.

/** One customer per mobile number, created at the first login (docs/product.md §4: login registers). */
export const customers = pgTable("customers", {
  id: serial().primaryKey(),
  /**
   * The login phone. A closed account's is replaced by `closed:<id>` (docs/decisions/0076), which
   * frees the number: the next login with it registers a new, empty customer.
   */
  mobile: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  lastLoginAt: timestamp({ withTimezone: true }).notNull(),
  /** When the account was closed (注销账号); the row stays for the orders accounting law keeps. */
  closedAt: timestamp({ withTimezone: true }),
});

/** Login sessions (R5): only the SHA-256 of the token is stored; csrf is the R6 double-submit value. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    csrf: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    /** Absolute expiry; idle expiry is lastSeenAt + the idle limit. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.customerId)],
);

/** SMS verification codes (R1, R2): HMAC of phone and code only, never the code itself. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: serial().primaryKey(),
    phone: text().notNull(),
    codeHash: text().notNull(),
    /** What the code confirms: a login, or an owner's act on a renovation project (docs/decisions/0069). */
    purpose: text().$type<CodePurpose>().notNull().default("login"),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Wrong tries so far; the code is dead at the limit (R2). */
    attempts: smallint().notNull().default(0),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.phone, t.createdAt)],
);

/** Sliding-window rate-limit log used when REDIS_URL is not set (R3): one row per counted event. */
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    key: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** When no rule can count this event any more; pruned after that. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.key, t.at), index().on(t.expiresAt)],
);

/** Favourites (docs/product.md §7): type 1 goods, type 2 article (guide or case). */
export const favorites = pgTable(
  "favorites",
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    type: smallint().notNull(),
    targetId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.type, t.targetId] })],
);

// Leads (docs/product.md §5, §7; R14, R17). Times are written from the service clock, like accounts.

/**
 * One row per phone and kind and 24 hours (R14): a repeat inside the window updates the row (latest
 * payload, submissions + 1) instead of adding one. The full phone is stored; logs and messages mask it.
 */
export const leads = pgTable(
  "leads",
  {
    id: serial().primaryKey(),
    kind: text().$type<LeadKind>().notNull(),
    phone: text().notNull(),
    name: text().notNull().default(""),
    province: text().notNull().default(""),
    city: text().notNull().default(""),
    /** Where the visitor sent it from: originDetail, the activity or the page. */
    origin: text().notNull().default(""),
    /** The request as given, without consent. */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** R14: consent to the privacy policy was given (at consentAt) by this or an earlier submission. */
    consent: boolean().notNull().default(false),
    consentAt: timestamp({ withTimezone: true }),
    /**
     * Optional consent to be called about offers (docs/decisions/0077), apart from the privacy consent:
     * the latest submission's choice, and when it was given (null while not given).
     */
    marketingConsent: boolean().notNull().default(false),
    marketingConsentAt: timestamp({ withTimezone: true }),
    /** When the retention job removed its phone and name (docs/decisions/0077); null while kept. */
    forgottenAt: timestamp({ withTimezone: true }),
    /** 'new' until the back office works the lead (the contract's LEAD_STATES and LEAD_TRANSITIONS). */
    state: text().notNull().default("new"),
    /** The staff member following the lead up, if any. */
    assigneeId: integer().references(() => staff.id, { onDelete: "set null" }),
    submissions: integer().notNull().default(1),
    /** HMAC of the client address: repeat senders can be seen without storing the address. */
    ipHash: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index().on(t.phone, t.kind, t.createdAt),
    index().on(t.kind, t.createdAt),
    index().on(t.createdAt),
    index().on(t.state, t.createdAt),
  ],
);

/**
 * Lead notifications waiting for delivery (R17), written in the lead's transaction. A row is due
 * when nextAttemptAt has passed; claiming it pushes nextAttemptAt out by a lease, so an instance that
 * dies mid-delivery leaves it due again later.
 */
export const leadOutbox = pgTable(
  "lead_outbox",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    event: text().$type<"created" | "updated">().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    deliveredAt: timestamp({ withTimezone: true }),
    /** Set when the last allowed attempt failed; the row is not tried again. */
    failedAt: timestamp({ withTimezone: true }),
    lastError: text(),
  },
  (t) => [
    index("lead_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
    index().on(t.leadId),
  ],
);

/**
 * The estimate's amounts per room, soft furnishings and appliances (ADR 0019), per city; the row of
 * city '*' applies to every city without its own. Per-㎡ rates are the city's hard price
 * (website_configs type 2). All in cents.
 */
export const estimateRates = pgTable("estimate_rates", {
  city: text().primaryKey(),
  province: text().notNull().default(""),
  bedroomMaterialCents: integer().notNull(),
  bedroomLaborCents: integer().notNull(),
  livingRoomMaterialCents: integer().notNull(),
  livingRoomLaborCents: integer().notNull(),
  bathroomMaterialCents: integer().notNull(),
  bathroomLaborCents: integer().notNull(),
  softPerBedroomCents: integer().notNull(),
  softPerLivingRoomCents: integer().notNull(),
  applianceBaseCents: integer().notNull(),
  appliancePerBathroomCents: integer().notNull(),
});

// Commerce (docs/product.md §3, §7; R7–R10, R13; ADR 0023, 0024). Times come from the service clock.

/**
 * One line per customer and SKU and package group: adding the same SKU again grows the line. The
 * cart lives in the database, so it survives logout and is the same on every instance.
 */
export const cartItems = pgTable(
  "cart_items",
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    goodsId: integer()
      .notNull()
      .references(() => goods.id, { onDelete: "cascade" }),
    skuId: integer()
      .notNull()
      .references(() => goodsSkus.id, { onDelete: "cascade" }),
    /** isMeal: the package this line belongs to (0 for a single item, so the unique index holds). */
    mealId: integer().notNull().default(0),
    quantity: integer().notNull(),
    selected: boolean().notNull().default(true),
    /** The SKU's price when added, to mark lines whose price changed since. */
    addedPriceCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex().on(t.customerId, t.skuId, t.mealId),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** The address a customer last ordered to, to prefill the next order (getCustomerInfoForShopping). */
export const customerAddresses = pgTable("customer_addresses", {
  customerId: integer()
    .primaryKey()
    .references(() => customers.id, { onDelete: "cascade" }),
  address: jsonb().$type<Address>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Orders. Stock is taken from goods_skus when the order is made and given back when it is cancelled
 * or expires unpaid (payBefore). Prices and names are copied into the lines at order time.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial().primaryKey(),
    orderNo: text().notNull().unique(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    status: text().$type<OrderStatus>().notNull(),
    /**
     * Cents, as bigint: a 9 999 999.99 元 price three times passes integer's 2^31 (docs/decisions/0047).
     * The contract's bounds keep every total below 2^53, so "number" mode reads it exactly.
     */
    totalCents: bigint({ mode: "number" }).notNull(),
    address: jsonb().$type<Address>().notNull(),
    remark: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    payBefore: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    carrier: text(),
    trackingNo: text(),
    /** When the buyer confirmed that the made-to-order lines have no seven-day no-reason return. */
    madeToOrderConfirmedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.customerId, t.createdAt),
    index("orders_unpaid_due_idx").on(t.payBefore).where(sql`${t.status} = 'pending_payment'`),
    check("orders_total_not_negative", sql`${t.totalCents} >= 0`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    goodsId: integer().notNull(),
    skuId: integer().notNull(),
    mealId: integer(),
    name: text().notNull(),
    spec: text().notNull(),
    cover: text().notNull(),
    unit: text().notNull(),
    priceCents: integer().notNull(),
    quantity: integer().notNull(),
    /** priceCents × quantity: bigint like the order's total (docs/decisions/0047). */
    amountCents: bigint({ mode: "number" }).notNull(),
    /** Copied from the goods at order time. */
    madeToOrder: boolean().notNull().default(false),
  },
  (t) => [index().on(t.orderId)],
);

/** Each state an order entered, with who moved it (customer, system, staff) and a note. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text().$type<OrderStatus>().notNull(),
    actor: text().notNull(),
    note: text().notNull().default(""),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.orderId)],
);

/**
 * R8: one order per customer and Idempotency-Key. The first request inserts the row and, in the same
 * transaction, the order; a retry waits on the row and replays the stored answer; another body with
 * the same key is refused (requestHash differs).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    key: text().notNull(),
    endpoint: text().notNull(),
    requestHash: text().notNull(),
    /** The answer's data, replayed as it was. */
    response: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] }), index().on(t.createdAt)],
);

/**
 * One row per trade (out_trade_no) with a provider: an order's payment or an activity deposit. A
 * notify or a query moves it to paid once (status guard), and the order with it.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial().primaryKey(),
    outTradeNo: text().notNull().unique(),
    /** Who took the trade (ADR 0062): offline, alipay or wechat. */
    provider: text().$type<"offline" | "alipay" | "wechat">().notNull(),
    purpose: text().$type<"order" | "deposit" | "instalment">().notNull(),
    orderId: integer().references(() => orders.id),
    /** A renovation project's instalment (purpose "instalment", docs/decisions/0073); null otherwise. */
    instalmentId: integer().references(() => projectInstalments.id),
    /** Deposit payer (the name given on /decorate-act) and mobile; for orders the contact too. */
    payerName: text().notNull().default(""),
    payerPhone: text().notNull().default(""),
    subject: text().notNull(),
    /** An order's total or a deposit: bigint like the order's total (docs/decisions/0047). */
    amountCents: bigint({ mode: "number" }).notNull(),
    status: text().$type<"pending" | "paid" | "closed">().notNull(),
    /** The provider's trade number (Alipay trade_no) once paid. */
    tradeNo: text(),
    qrCode: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    /** Set by the reconciliation job each time it asks the provider about this trade. */
    lastQueriedAt: timestamp({ withTimezone: true }),
    /** The verified notify (or query answer) that marked it paid, as received. */
    confirmation: jsonb().$type<Record<string, string>>(),
    /**
     * How the buyer pays (ADR 0062): "qr" (Alipay face-to-face, WeChat Native), "h5" (WeChat H5),
     * "jsapi" (inside WeChat), "wap" (Alipay's mobile-site pay).
     */
    channel: text().$type<"qr" | "h5" | "jsapi" | "wap">().notNull().default("qr"),
    /**
     * What went back so far: the sum of this payment's refunds that are sent or settled, kept under
     * the payment row's lock; the check makes "never more back than was paid" (R19) the database's rule.
     */
    refundedCents: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [
    index().on(t.orderId),
    index().on(t.instalmentId),
    index("payments_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check("payments_amount_positive", sql`${t.amountCents} > 0`),
    // An instalment's trade names its instalment, and only such a trade does.
    check("payments_instalment_purpose", sql`(${t.purpose} = 'instalment') = (${t.instalmentId} IS NOT NULL)`),
    check("payments_refund_within_amount", sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.amountCents}`),
  ],
);

/**
 * An after-sales request (申请售后) on a shipped or completed order: a return (退货, which ends in a
 * refund) or a repair (维修). Staff approve or refuse it with a note.
 */
export const afterSales = pgTable(
  "after_sales",
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    kind: text().$type<"return" | "repair">().notNull(),
    reason: text().notNull(),
    /** Media keys of the buyer's photos (the picture pipeline's). */
    photos: text().array().notNull().default(sql`'{}'::text[]`),
    /** A text column: "refunded" (a return whose refund succeeded) came without a migration (ADR 0064). */
    status: text().$type<"requested" | "approved" | "refused" | "refunded" | "closed">().notNull(),
    decisionNote: text().notNull().default(""),
    decidedByStaffId: integer().references(() => staff.id),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index().on(t.orderId),
    index().on(t.customerId, t.createdAt),
    index("after_sales_open_idx").on(t.createdAt).where(sql`${t.status} = 'requested'`),
  ],
);

/**
 * One refund of (part of) a payment. "requested": waits for staff; "refused": staff said no;
 * "processing": sent to the provider under outRefundNo (a retry reuses the number, never a new one:
 * R19); "succeeded" / "failed": the provider's last word. At most one open refund per payment.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial().primaryKey(),
    outRefundNo: text().notNull().unique(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id),
    orderId: integer().references(() => orders.id),
    afterSaleId: integer().references(() => afterSales.id),
    provider: text().$type<"offline" | "alipay" | "wechat">().notNull(),
    amountCents: bigint({ mode: "number" }).notNull(),
    /**
     * customer: 申请退款; after_sales: an approved return; auto: paid after the order was cancelled;
     * instalment: staff refund a paid renovation instalment (docs/decisions/0079).
     */
    origin: text().$type<"customer" | "after_sales" | "auto" | "instalment">().notNull(),
    reason: text().notNull().default(""),
    status: text().$type<"requested" | "refused" | "processing" | "succeeded" | "failed">().notNull(),
    decisionNote: text().notNull().default(""),
    decidedByStaffId: integer().references(() => staff.id),
    decidedAt: timestamp({ withTimezone: true }),
    /** The provider's refund id (WeChat refund_id; Alipay has none beyond the trade). */
    providerRefundNo: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    settledAt: timestamp({ withTimezone: true }),
    lastQueriedAt: timestamp({ withTimezone: true }),
    /** The provider's answer or verified notify that settled it, as received. */
    confirmation: jsonb().$type<Record<string, string>>(),
  },
  (t) => [
    index().on(t.paymentId),
    index().on(t.orderId),
    uniqueIndex("refunds_one_open_per_payment").on(t.paymentId).where(sql`${t.status} IN ('requested', 'processing')`),
    index("refunds_processing_idx").on(t.sentAt).where(sql`${t.status} = 'processing'`),
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * Every state a payment or a refund entered, and what moved it: notify, query, reconcile (the job),
 * customer, staff or system. A refund's rows carry its id as well as its payment's.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id),
    refundId: integer().references(() => refunds.id),
    fromStatus: text(),
    toStatus: text().notNull(),
    source: text().$type<"notify" | "query" | "reconcile" | "customer" | "staff" | "system">().notNull(),
    note: text().notNull().default(""),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.paymentId), index().on(t.refundId)],
);

/** One day's bill of one provider, compared once (the unique key holds whatever the instances). */
export const reconciliationRuns = pgTable(
  "reconciliation_runs",
  {
    id: serial().primaryKey(),
    provider: text().$type<"alipay" | "wechat">().notNull(),
    /** The bill's day in China time, YYYY-MM-DD. */
    billDate: text().notNull(),
    status: text().$type<"running" | "done" | "failed">().notNull(),
    tradeCount: integer().notNull().default(0),
    refundCount: integer().notNull().default(0),
    differenceCount: integer().notNull().default(0),
    error: text().notNull().default(""),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.provider, t.billDate)],
);

/**
 * One row per China day of the data-retention job (docs/decisions/0077): the insert is the claim, so
 * one instance runs a day; the counts are what it removed or anonymised, by kind.
 */
export const retentionRuns = pgTable("retention_runs", {
  /** The China day, YYYY-MM-DD. */
  runDate: text().primaryKey(),
  status: text().$type<"running" | "done" | "failed">().notNull(),
  leadsForgotten: integer().notNull().default(0),
  customerSessions: integer().notNull().default(0),
  staffSessions: integer().notNull().default(0),
  verificationCodes: integer().notNull().default(0),
  rateLimitEvents: integer().notNull().default(0),
  error: text().notNull().default(""),
  startedAt: timestamp({ withTimezone: true }).notNull(),
  finishedAt: timestamp({ withTimezone: true }),
});

/**
 * A difference between a provider's bill and the shop's rows: missing_here (the bill has it, we do
 * not), missing_there (we have it, the bill does not), amount_differs, status_differs. 管理员 resolves
 * each with a note (audited).
 */
export const reconciliationDifferences = pgTable(
  "reconciliation_differences",
  {
    id: serial().primaryKey(),
    runId: integer()
      .notNull()
      .references(() => reconciliationRuns.id),
    provider: text().$type<"alipay" | "wechat">().notNull(),
    billDate: text().notNull(),
    kind: text().$type<"missing_here" | "missing_there" | "amount_differs" | "status_differs">().notNull(),
    subject: text().$type<"payment" | "refund">().notNull(),
    outTradeNo: text().notNull(),
    /** '' for a payment's difference. */
    outRefundNo: text().notNull().default(""),
    ourAmountCents: bigint({ mode: "number" }),
    theirAmountCents: bigint({ mode: "number" }),
    detail: jsonb().$type<Record<string, string>>().notNull().default({}),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedByStaffId: integer().references(() => staff.id),
    resolutionNote: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex().on(t.provider, t.billDate, t.kind, t.subject, t.outTradeNo, t.outRefundNo),
    index("reconciliation_open_idx").on(t.createdAt).where(sql`${t.resolvedAt} IS NULL`),
  ],
);
/**
 * Brand and service pages (/about, /stream, /integrate, the hard- and soft-decoration pages): copy the
 * company edits, as ordered blocks rendered without raw HTML. A slug without a row shows the built-in
 * default copy (docs/decisions/0028-brand-pages-in-the-database.md).
 */
export const sitePages = pgTable("site_pages", {
  slug: text().primaryKey(),
  title: text().notNull(),
  description: text().notNull(),
  blocks: jsonb().$type<SitePageBlock[]>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
// Back office (docs/quality.md R16): staff, their sessions, lead notes and the audit record.

/** A staff member. The password is scrypt with its own salt (admin/passwords.ts); never stored plain. */
export const staff = pgTable("staff", {
  id: serial().primaryKey(),
  /** Lower-cased; unique. */
  username: text().notNull().unique(),
  displayName: text().notNull(),
  /** A work phone the owner of a project sees beside the name (docs/decisions/0073); "" when none. */
  phone: text().notNull().default(""),
  role: text().$type<StaffRole>().notNull(),
  passwordHash: text().notNull(),
  /** Set for a one-time password: every endpoint but the password change refuses until it is changed. */
  mustChangePassword: boolean().notNull().default(true),
  disabled: boolean().notNull().default(false),
  /** Failed logins since the last success or lockout. */
  failedLogins: integer().notNull().default(0),
  lockedUntil: timestamp({ withTimezone: true }),
  lastLoginAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/** Staff sessions, apart from customers' (a customer token never opens /api/admin). SHA-256 of the token. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    tokenHash: text().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    csrf: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.staffId)],
);

/** What staff wrote while working a lead, with the state it moved to. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: serial().primaryKey(),
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    staffId: integer()
      .notNull()
      .references(() => staff.id),
    text: text().notNull(),
    stateFrom: text(),
    stateTo: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.leadId, t.createdAt)],
);

/**
 * Every admin write, phone reveal and export: who, when, what, and the values before and after,
 * written in the write's own transaction. The staff name is copied so the record outlives renames.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    staffId: integer().references(() => staff.id, { onDelete: "set null" }),
    staffName: text().notNull(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text().notNull().default(""),
    before: jsonb(),
    after: jsonb(),
    ip: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.createdAt), index().on(t.staffId, t.createdAt), index().on(t.entity, t.entityId)],
);

// ── Renovation projects (issue #24, docs/decisions/0069) ───────────────────────────────────────────
// Owned by modules/projects. Money is integer cents (bigint, mode number: a contract stays far below
// 2^53); dates of the plan are calendar days (China time), acts are timestamps from the service clock.

/** A renovation after a signed lead: the owner, the site, the contract and the team. */
export const projects = pgTable(
  "projects",
  {
    id: serial().primaryKey(),
    /** The signed lead it came from; one project per lead. */
    leadId: integer().references(() => leads.id, { onDelete: "set null" }),
    /** The lead's phone: the owner logs in with it and confirms every act with a code sent to it. */
    ownerPhone: text().notNull(),
    ownerName: text().notNull().default(""),
    /** Set when the owner first opens 我的装修 logged in with ownerPhone. */
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    city: text().notNull().default(""),
    address: text().notNull(),
    /** Square metres, as measured. */
    areaSqm: integer().notNull(),
    layout: text().notNull().default(""),
    /** The package or quote the contract is for, as text. */
    packageText: text().notNull().default(""),
    contractCents: bigint({ mode: "number" }).notNull(),
    /** Bumped by every approved change order; project_versions keeps each one. */
    contractVersion: integer().notNull().default(1),
    startDate: date({ mode: "string" }).notNull(),
    plannedFinishDate: date({ mode: "string" }).notNull(),
    delayCompensationCentsPerDay: integer().notNull().default(0),
    designerId: integer().references(() => staff.id, { onDelete: "set null" }),
    managerId: integer().references(() => staff.id, { onDelete: "set null" }),
    inspectorId: integer().references(() => staff.id, { onDelete: "set null" }),
    status: text().$type<ProjectStatus>().notNull().default("in_progress"),
    finishedAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => staff.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex().on(t.leadId),
    index().on(t.ownerPhone),
    index().on(t.customerId),
    index().on(t.managerId),
    index().on(t.status, t.plannedFinishDate),
    check("projects_contract_cents_nonnegative", sql`${t.contractCents} >= 0`),
  ],
);

/** The ordered stages of a project (default template in modules/projects/stage-template.ts). */
export const projectStages = pgTable(
  "project_stages",
  {
    id: serial().primaryKey(),
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** 1, 2, …: a stage is accepted only after every stage before it. */
    position: smallint().notNull(),
    name: text().notNull(),
    plannedStartDate: date({ mode: "string" }),
    plannedFinishDate: date({ mode: "string" }),
    status: text().$type<ProjectStageStatus>().notNull().default("pending"),
    checklist: jsonb().$type<ProjectChecklistItem[]>().notNull().default([]),
    /** The inspector's check: who, when, and whether it passed. */
    inspectedBy: integer().references(() => staff.id, { onDelete: "set null" }),
    inspectedAt: timestamp({ withTimezone: true }),
    inspectionPassed: boolean(),
    acceptanceRequestedAt: timestamp({ withTimezone: true }),
    acceptedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.projectId, t.position)],
);

/**
 * What happened at a stage: the manager's photos and notes, the inspector's check, the owner's
 * objection (reasons and photos) or acceptance. Photos are media_uploads keys (the picture pipeline).
 */
export const projectStageRecords = pgTable(
  "project_stage_records",
  {
    id: serial().primaryKey(),
    stageId: integer()
      .notNull()
      .references(() => projectStages.id, { onDelete: "cascade" }),
    kind: text().$type<StageRecordKind>().notNull(),
    text: text().notNull().default(""),
    photoKeys: jsonb().$type<string[]>().notNull().default([]),
    staffId: integer().references(() => staff.id, { onDelete: "set null" }),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.stageId, t.createdAt)],
);

/** The contract split by stage: payable once its stage is accepted, paid through the payment core. */
export const projectInstalments = pgTable(
  "project_instalments",
  {
    id: serial().primaryKey(),
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    stageId: integer()
      .notNull()
      .references(() => projectStages.id, { onDelete: "cascade" }),
    position: smallint().notNull(),
    /** Share of the contract in whole percent; the amounts follow the remainder rule (instalment-split.ts). */
    percent: smallint().notNull(),
    amountCents: bigint({ mode: "number" }).notNull(),
    status: text().$type<InstalmentStatus>().notNull().default("locked"),
    payableAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    /**
     * Cents given back by staff refunds that succeeded (docs/decisions/0079): each takes the
     * instalment from paid back to payable, so this is its history, not money still held.
     */
    refundedCents: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [
    uniqueIndex().on(t.projectId, t.position),
    index().on(t.stageId),
    check("project_instalments_amount_nonnegative", sql`${t.amountCents} >= 0`),
  ],
);

/** 增项 / 减项: proposed by the manager, changing the contract only when the owner approves it. */
export const projectChangeOrders = pgTable(
  "project_change_orders",
  {
    id: serial().primaryKey(),
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: text().$type<ChangeOrderKind>().notNull(),
    items: jsonb().$type<ChangeOrderItem[]>().notNull(),
    /** Sum of the items: added for 增项, taken off for 减项. */
    amountCents: bigint({ mode: "number" }).notNull(),
    reason: text().notNull(),
    photoKeys: jsonb().$type<string[]>().notNull().default([]),
    status: text().$type<ChangeOrderStatus>().notNull().default("proposed"),
    proposedBy: integer().references(() => staff.id, { onDelete: "set null" }),
    /** Set at approval: the contract amount it changed from and to. */
    contractBeforeCents: bigint({ mode: "number" }),
    contractAfterCents: bigint({ mode: "number" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.projectId, t.createdAt)],
);

/** Every version of a contract amount and its instalments: version 1 at creation, one per approved change. */
export const projectVersions = pgTable(
  "project_versions",
  {
    id: serial().primaryKey(),
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    contractCents: bigint({ mode: "number" }).notNull(),
    instalments: jsonb().$type<VersionInstalment[]>().notNull(),
    changeOrderId: integer().references(() => projectChangeOrders.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex().on(t.projectId, t.version)],
);

// ── Live chat (issue #25, docs/decisions/0075) ─────────────────────────────────────────────────────
// Owned by modules/chat. A message is stored here first, then fanned out to every instance.

/**
 * A visitor's conversation: known by the hash of the visitor's cookie and, once the visitor logs in,
 * by the customer too. lastSeq is the last message's sequence: taking the next one locks this row, so
 * the messages of one conversation are numbered 1, 2, 3 … without a gap on every instance.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: serial().primaryKey(),
    /** SHA-256 of the yj_chat cookie's token (the token itself is never stored). */
    visitorKey: text().notNull(),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    status: text().$type<ChatStatus>().notNull().default("waiting"),
    assigneeId: integer().references(() => staff.id, { onDelete: "set null" }),
    /** The page the visitor opened the chat on, and the visitor's chosen city. */
    page: text().notNull().default(""),
    city: text().notNull().default(""),
    lastSeq: integer().notNull().default(0),
    /** The 在线咨询 lead the visitor left from this conversation, if any. */
    leadId: integer().references(() => leads.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.visitorKey, t.createdAt),
    index().on(t.customerId, t.createdAt),
    index().on(t.status, t.updatedAt),
    index().on(t.assigneeId, t.status),
  ],
);

/** One message; (conversation, seq) orders them and (conversation, clientId) makes a resend the same message. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    conversationId: integer()
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    seq: integer().notNull(),
    clientId: text().notNull(),
    sender: text().$type<ChatSender>().notNull(),
    staffId: integer().references(() => staff.id, { onDelete: "set null" }),
    /** The staff member's name as the visitor saw it, kept past renames. */
    staffName: text().notNull().default(""),
    text: text().notNull(),
    /** A picture the visitor sent (a media_uploads URL of purpose chat), or empty. */
    picture: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex().on(t.conversationId, t.seq), uniqueIndex().on(t.conversationId, t.clientId)],
);
