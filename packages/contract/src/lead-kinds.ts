// The lead kinds and their one Chinese name, apart from the leads' zod schemas: the storefront's
// home page names its booking button with them, and importing leads.ts would put zod in its bundle (P5).
/** The seven kinds of lead, one a storefront form (or the live chat), as the leads table stores them (docs/decisions/0031). */
export const LEAD_KINDS = [
  "appointment",
  "estimate",
  "franchise",
  "activity",
  "denominate",
  "panorama",
  "chat",
] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/**
 * Each kind's one Chinese name: the title of the storefront form the visitor filled in, which the staff's
 * notification (R17), the back office's lists and filters and the leads export all repeat.
 */
export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  appointment: "免费预约设计师",
  estimate: "在线智能报价",
  franchise: "城市合伙人加盟",
  activity: "活动报名",
  // The deposit form on /decorate-act (docs/decisions/0052): the visitor pays a deposit, not a naming entry.
  denominate: "活动定金",
  panorama: "全景页留资",
  // A phone left in the live chat, with its transcript (docs/decisions/0075).
  chat: "在线咨询",
};
