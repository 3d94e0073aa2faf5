// Leads: appointments, estimates, franchise, activities (docs/product.md §5, §7, §8; R14).
import { z } from "zod";
import { pricedCityShape } from "./city-prices.js";
import { Messages, PHONE_PATTERN } from "./constants.js";
import { text as storableText } from "./text.js";

const phone = storableText("手机号", Messages.invalidPhone)
  .trim()
  .regex(PHONE_PATTERN, { error: Messages.invalidPhone });
/**
 * Visitor text: trimmed and capped (NUL and lone surrogates refused: text.ts). `required` is the message
 * for an empty value.
 */
const text = (label: string, max: number, required?: string) => {
  const base = storableText(label)
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 个字符` });
  return required ? base.refine((s) => s.length > 0, { error: required }) : base;
};
/** R14: consent to the privacy policy. Optional in the API for compatibility; the web form requires it. */
const consent = z.boolean().optional();
/**
 * The optional consent to be called about offers (docs/decisions/0077): unticked by default, never
 * required; left out, it is not given.
 */
const marketingConsent = z.boolean().optional();

/**
 * The visitor's chosen (or detected) city and its province, which every lead form sends from the
 * storefront's city choice (docs/decisions/0052). Optional: older clients send none.
 */
const visitorPlace = {
  province: text("省份", 20).optional(),
  city: text("城市", 20).optional(),
};

export const AppointmentBody = z.object({
  phone,
  ...visitorPlace,
  /** Where the booking came from (page, button). */
  originDetail: text("来源", 100).default(""),
  consent,
  marketingConsent,
});

const smallCount = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(5, { error: message });
const flag = z
  .union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1")])
  .transform(Number)
  .optional();

/** Both readings of the estimate payload (docs/product.md §3) are accepted; empty fields are removed by the client. */
export const EstimateBody = z
  .object({
    province: text("省份", 20, Messages.quoteProvince),
    city: text("城市", 20, Messages.quoteCity),
    area: z.coerce.number({ error: Messages.quoteArea }).positive({ error: Messages.quoteAreaPositive }).max(10_000),
    // reading 2
    room: smallCount(Messages.quoteRoom).optional(),
    hall: smallCount(Messages.quoteHall).optional(),
    wei: smallCount(Messages.quoteWei).optional(),
    phone: phone.optional(),
    isSoft: flag,
    isElectric: flag,
    // reading 1
    apartment: text("户型", 60).optional(),
    bedRoom: smallCount(Messages.quoteRoom).optional(),
    livingRoom: smallCount(Messages.quoteHall).optional(),
    toilet: smallCount(Messages.quoteWei).optional(),
    mobile: phone.optional(),
    hasSoft: flag,
    hasJd: flag,
    comment: text("备注", 60).optional(),
    type: text("类型", 20).optional(),
    consent,
    marketingConsent,
  })
  .refine((b) => Boolean(b.phone ?? b.mobile), { error: Messages.quotePhone, path: ["phone"] });
export type EstimateBody = z.input<typeof EstimateBody>;

export const EstimatePart = z.object({ name: z.string(), amount: z.number().int() });
/**
 * One line of the itemised estimate (docs/decisions/0052): amount = rate × quantity, rounded half up to
 * the cent; the lines add up to totalPackagePrice exactly, so a reader can redo the sum.
 */
export const EstimateLine = z.object({
  /** 硬装, 卧室, 客厅, 卫生间, 软装, 软装·卧室, 软装·客厅, 家电, 家电·基础, 家电·卫生间. */
  name: z.string(),
  /** Cents per unit. */
  rateCents: z.number().int(),
  /** ㎡ (to 0.01) for per-㎡ lines, a count for rooms and the appliance base. */
  quantity: z.number(),
  /** "㎡", "间" or "项". */
  unit: z.string(),
  amount: z.number().int(),
});
export type EstimateLine = z.infer<typeof EstimateLine>;
/** What the estimate assumed (ADR 0019), for the result dialog's "how we got this". */
export const EstimateBasis = z.object({
  /** The city whose rates were used. */
  ...pricedCityShape,
  /** The area used, rounded to 0.01 ㎡. */
  area: z.number(),
  bedRoom: z.number().int(),
  livingRoom: z.number().int(),
  toilet: z.number().int(),
  soft: z.boolean(),
  appliance: z.boolean(),
  /** The city's 整装套餐 marketing figure per ㎡ in cents (website_configs/getHardPrice); not the estimate's rate. */
  packagePriceCentsPerM2: z.number().int(),
  /**
   * The 硬装全包 price per ㎡ in cents the estimate multiplies by the area: the same figure the city's
   * hard-decoration page (/heartPage) shows (docs/decisions/0052).
   */
  hardCentsPerM2: z.number().int(),
  /** 硬装半包 per ㎡ in cents (the hard parts without main materials), as /heartPage shows it. */
  halfCentsPerM2: z.number().int(),
});
/** Both readings of the quote response (docs/product.md §3), all in cents. */
export const EstimateData = z.object({
  mainMaterialPrice: z.number().int(),
  auxiliaryMaterialPrice: z.number().int(),
  laborCost: z.number().int(),
  projectManagementFee: z.number().int(),
  designFee: z.number().int(),
  softPrice: z.number().int(),
  jdPrice: z.number().int(),
  totalPackagePrice: z.number().int(),
  halfPackagePrice: z.number().int(),
  /** Reading 2's named parts, in cents; 软装 and 家电 only when asked for. */
  parts: z.array(EstimatePart),
  /** 全包 itemised: each rate × quantity; they add up to totalPackagePrice (docs/decisions/0052). */
  lines: z.array(EstimateLine),
  basis: EstimateBasis,
});
export type EstimateData = z.infer<typeof EstimateData>;

export const CityPartnerBody = z.object({
  name: text("姓名", 20, "请输入姓名"),
  phone,
  province: text("省份", 20, Messages.quoteProvince),
  city: text("城市", 20, Messages.quoteCity),
  comment: text("留言", 300).default(""),
  consent,
  marketingConsent,
});

export const ActivityBody = z.object({
  name: text("姓名", 20, "请输入姓名"),
  phone,
  ...visitorPlace,
  activity: text("活动", 40).default("decorate-act"),
  consent,
  marketingConsent,
});

/** denominate: the activity's naming contest entry. */
export const DenominateBody = z.object({
  phone,
  ...visitorPlace,
  content: text("内容", 40, "请输入内容"),
  consent,
  marketingConsent,
});

/** BIM panorama lead cards. */
export const PutCardsBody = z.object({
  phone,
  ...visitorPlace,
  name: text("姓名", 20).default(""),
  originDetail: text("来源", 100).default(""),
  consent,
  marketingConsent,
});

export const CountData = z.number().int();
