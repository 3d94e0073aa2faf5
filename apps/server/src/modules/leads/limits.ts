// R12: how often one phone and one client address may send leads.
import type { LeadKind } from "@yj/contract";
import type { RateRule } from "../../limits/rate-limiter.js";

const HOUR = 60 * 60 * 1000;

/** Per phone and kind; an estimate is re-run more often ('重新计算'), so it allows more. */
export function leadRulesPerPhone(kind: LeadKind): readonly RateRule[] {
  return [{ limit: kind === "estimate" ? 10 : 5, windowMs: HOUR }];
}

/** Per client address, across phones and kinds. */
export const LEAD_RULES_PER_IP: readonly RateRule[] = [{ limit: 20, windowMs: HOUR }];
