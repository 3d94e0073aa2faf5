// How often one visitor and one client address may send chat messages (issue #25 §2). A person
// typing sends a few a minute; a script sends hundreds. Staff replies are held by the back office's
// per-staff write limit (docs/decisions/0038).
import type { RateRule } from "../../limits/rate-limiter.js";

const MINUTE = 60_000;

/** Per visitor (the cookie, or the customer): a burst of quick questions, then a human pace. */
export const CHAT_RULES_PER_VISITOR: readonly RateRule[] = [
  { limit: 20, windowMs: MINUTE },
  { limit: 300, windowMs: 60 * MINUTE },
];

/** Per client address: several visitors behind one office network. */
export const CHAT_RULES_PER_IP: readonly RateRule[] = [
  { limit: 60, windowMs: MINUTE },
  { limit: 1000, windowMs: 60 * MINUTE },
];

/** New conversations per client address: opening one is cheap for a script, not for us. */
export const CHAT_OPEN_RULES_PER_IP: readonly RateRule[] = [{ limit: 30, windowMs: 60 * MINUTE }];
