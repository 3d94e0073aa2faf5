// Leads: appointments, estimates, franchise, activities (docs/product.md §5, §7, §8; R14).
import { z } from "zod";
import { Messages, PHONE_PATTERN } from "./constants.js";

const phone = z.string({ error: Messages.invalidPhone }).trim().regex(PHONE_PATTERN, { error: Messages.invalidPhone });
/** R14: consent to the privacy policy. Optional in the API for compatibility; the web form requires it. */
const consent = z.boolean().optional();

export const AppointmentBody = z.object({
  phone,
  /** Where the booking came from (page, button). */
  originDetail: z.string().trim().max(100).default(""),
  consent,
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
    province: z.string().trim().min(1, { error: Messages.quoteProvince }).max(20),
    city: z.string().trim().min(1, { error: Messages.quoteCity }).max(20),
    area: z.coerce.number({ error: Messages.quoteArea }).positive({ error: Messages.quoteAreaPositive }).max(10_000),
    // reading 2
    room: smallCount(Messages.quoteRoom).optional(),
    hall: smallCount(Messages.quoteHall).optional(),
    wei: smallCount(Messages.quoteWei).optional(),
    phone: phone.optional(),
    isSoft: flag,
    isElectric: flag,
    // reading 1
    apartment: z.string().max(60).optional(),
    bedRoom: smallCount(Messages.quoteRoom).optional(),
    livingRoom: smallCount(Messages.quoteHall).optional(),
    toilet: smallCount(Messages.quoteWei).optional(),
    mobile: phone.optional(),
    hasSoft: flag,
    hasJd: flag,
    comment: z.string().max(60).optional(),
    type: z.string().max(20).optional(),
    consent,
  })
  .refine((b) => Boolean(b.phone ?? b.mobile), { error: Messages.quotePhone, path: ["phone"] });
export type EstimateBody = z.input<typeof EstimateBody>;

export const EstimatePart = z.object({ name: z.string(), amount: z.number().int() });
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
  parts: z.array(EstimatePart),
});
export type EstimateData = z.infer<typeof EstimateData>;

export const CityPartnerBody = z.object({
  name: z.string().trim().min(1, { error: "请输入姓名" }).max(20),
  phone,
  province: z.string().trim().min(1, { error: Messages.quoteProvince }).max(20),
  city: z.string().trim().min(1, { error: Messages.quoteCity }).max(20),
  comment: z.string().trim().max(300).default(""),
  consent,
});

export const ActivityBody = z.object({
  name: z.string().trim().min(1, { error: "请输入姓名" }).max(20),
  phone,
  activity: z.string().trim().max(40).default("decorate-act"),
  consent,
});

/** denominate: the activity's naming contest entry. */
export const DenominateBody = z.object({
  phone,
  content: z.string().trim().min(1, { error: "请输入内容" }).max(40),
  consent,
});

/** BIM panorama lead cards. */
export const PutCardsBody = z.object({
  phone,
  name: z.string().trim().max(20).default(""),
  originDetail: z.string().trim().max(100).default(""),
  consent,
});

export const CountData = z.number().int();
