// The lead forms' checks (docs/product.md §5, R14): the same rules and messages as the contract, run
// before anything is sent, and the payload clean-up (empty parameters removed).
import { type EstimateBody, Messages, PHONE_PATTERN } from "@yj/contract";
import { ApiError } from "../../lib/api-client";

export type Errors<K extends string> = Partial<Record<K, string>>;

/** Booking, franchise, activity and panorama: a mainland mobile number, '请输入正确的手机号'. */
export function phoneError(phone: string): string | undefined {
  return PHONE_PATTERN.test(phone.trim()) ? undefined : Messages.invalidPhone;
}

export function nameError(name: string): string | undefined {
  return name.trim() ? undefined : Messages.nameRequired;
}

/** The phone number and the consent every lead form asks for (R14). */
export const contactErrors = (v: { phone: string; consent: boolean }): Errors<"phone" | "consent"> => ({
  phone: phoneError(v.phone),
  consent: consentError(v.consent),
});

/** A name besides: the franchise, activity and deposit forms. */
export const namedContactErrors = (v: {
  name: string;
  phone: string;
  consent: boolean;
}): Errors<"name" | "phone" | "consent"> => ({
  name: nameError(v.name),
  ...contactErrors(v),
});

export function consentError(consent: boolean): string | undefined {
  return consent ? undefined : Messages.consentRequired;
}

export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);

export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, "").slice(0, max);

/** A failure's detail: the server's own words for a refusal it explains (too many requests, bad input). */
export function failureDetail(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.errorCode !== undefined && error.status !== 500 ? error.message : fallback;
}

export const MAX_AREA_M2 = 10_000;
export const LAYOUT_COUNTS = [1, 2, 3, 4, 5] as const;

export interface EstimateForm {
  province: string;
  city: string;
  area: string;
  room: number;
  hall: number;
  wei: number;
  isSoft: boolean;
  isElectric: boolean;
  phone: string;
  consent: boolean;
  /** The optional consent to be called about offers (docs/decisions/0077). */
  marketing: boolean;
}

export type EstimateField = "province" | "city" | "area" | "room" | "hall" | "wei" | "phone" | "consent";

/** docs/product.md §5, second reading: one message per field, in the form's order. */
export function validateEstimate(form: EstimateForm): Errors<EstimateField> {
  const errors: Errors<EstimateField> = {};
  if (!form.province) errors.province = Messages.quoteProvince;
  if (!form.city) errors.city = Messages.quoteCity;
  const area = Number(form.area);
  if (form.area.trim() === "") errors.area = Messages.quoteArea;
  else if (!Number.isFinite(area) || area <= 0) errors.area = Messages.quoteAreaPositive;
  else if (area > MAX_AREA_M2) errors.area = `面积不能超过 ${MAX_AREA_M2}㎡`;
  if (!form.room) errors.room = Messages.quoteRoom;
  if (!form.hall) errors.hall = Messages.quoteHall;
  if (!form.wei) errors.wei = Messages.quoteWei;
  if (form.phone.trim() === "") errors.phone = Messages.quotePhone;
  else if (!PHONE_PATTERN.test(form.phone.trim())) errors.phone = Messages.quotePhoneInvalid;
  errors.consent = consentError(form.consent);
  return errors;
}

/** What the soft and appliance toggles add, as the quote's comment says it (docs/product.md §5). */
export function extrasComment(isSoft: boolean, isElectric: boolean): string {
  const picked = [isSoft && "软装", isElectric && "家电"].filter(Boolean);
  return picked.length ? picked.join("、") : Messages.quoteNothingSelected;
}

/** Drops undefined, null and blank values: empty estimate parameters are not sent (docs/product.md §5). */
export function withoutEmpty<T extends Record<string, unknown>>(params: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([, v]) => v !== undefined && v !== null && !(typeof v === "string" && v.trim() === ""),
    ),
  ) as Partial<T>;
}

/** The estimate payload (second reading) from a valid form. */
export function estimateBody(form: EstimateForm): EstimateBody {
  return withoutEmpty({
    province: form.province,
    city: form.city,
    area: Number(form.area),
    room: form.room,
    hall: form.hall,
    wei: form.wei,
    isSoft: form.isSoft ? 1 : 0,
    isElectric: form.isElectric ? 1 : 0,
    comment: extrasComment(form.isSoft, form.isElectric),
    phone: form.phone.trim(),
    consent: true,
    marketingConsent: form.marketing,
  }) as EstimateBody;
}
