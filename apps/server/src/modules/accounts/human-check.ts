// The human check asked for before an SMS code when risk is high (docs/decisions/0046): an ALTCHA
// proof of work. The server signs a challenge whose answer is a counter the browser must find by
// hashing; checking an answer costs the server one HMAC. Challenges expire and are accepted once,
// across instances: the used ones are counted in the shared rate-limit store (database or Redis).
import { createHmac } from "node:crypto";
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { RateLimiter } from "../../limits/rate-limiter.js";
import { HUMAN_CHECK_TTL_MS } from "./limits.js";

/** What became of a submitted answer. */
export type HumanCheckOutcome = "passed" | "invalid" | "expired" | "used";

export interface HumanCheckOptions {
  /** Signs challenges (ALTCHA_HMAC_KEY). */
  hmacKey: string;
  /** The highest counter a challenge may ask for (ALTCHA_MAX_NUMBER): the work's size. */
  maxNumber: number;
  /** Remembers used challenges, shared by every instance. */
  limiter: RateLimiter;
}

/** ALTCHA's payload as the browser sends it: base64 of JSON `{ challenge, solution }`. */
function parsePayload(payload: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
    if (typeof value !== "object" || value === null) return null;
    const { challenge, solution } = value as Record<string, unknown>;
    if (typeof challenge !== "object" || challenge === null || typeof solution !== "object" || solution === null) {
      return null;
    }
    const { parameters, signature } = challenge as Record<string, unknown>;
    if (typeof parameters !== "object" || parameters === null || typeof signature !== "string") return null;
    // Kept as sent: the signature covers every parameter, so nothing may be dropped or added here.
    return { challenge: challenge as Challenge, solution: solution as Solution };
  } catch {
    return null;
  }
}

export class HumanCheck {
  private readonly signatureSecret: string;
  /** A second secret, so the solved key is checked by its signature instead of hashing again. */
  private readonly keySignatureSecret: string;

  constructor(private readonly options: HumanCheckOptions) {
    this.signatureSecret = options.hmacKey;
    this.keySignatureSecret = createHmac("sha256", options.hmacKey).update("altcha-key-signature").digest("hex");
  }

  /** A new challenge, valid HUMAN_CHECK_TTL_MS from `now`. */
  create(now: Date): Promise<Challenge> {
    const { maxNumber } = this.options;
    return createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      // Deterministic mode: the answer is this counter, so the browser's work is bounded and random.
      counter: randomInt(maxNumber, Math.max(1, Math.floor(maxNumber / 10))),
      deriveKey,
      expiresAt: new Date(now.getTime() + HUMAN_CHECK_TTL_MS),
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
  }

  /** Checks a payload's signature, answer and expiry, then takes it as used (once across instances). */
  async verify(payload: string, now: Date): Promise<HumanCheckOutcome> {
    const parsed = parsePayload(payload);
    if (!parsed) return "invalid";
    const { challenge, solution } = parsed;
    let result: Awaited<ReturnType<typeof verifySolution>>;
    try {
      result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySignatureSecret,
      });
    } catch {
      // Parameters the library refuses outright (an unknown algorithm, say) are a forged payload.
      return "invalid";
    }
    if (result.expired) return "expired";
    if (!result.verified) return "invalid";
    // The library measures expiry by the system clock; the app's clock decides too (tests move it).
    const { expiresAt, nonce } = challenge.parameters;
    if (typeof expiresAt !== "number" || expiresAt * 1000 <= now.getTime()) return "expired";
    const first = await this.options.limiter.consume(
      [{ key: `altcha:used:${nonce}`, rules: [{ limit: 1, windowMs: HUMAN_CHECK_TTL_MS }] }],
      now,
    );
    return first.allowed ? "passed" : "used";
  }
}
