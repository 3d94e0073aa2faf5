// SMS verification codes (R1, R2): 6 digits from the CSPRNG, stored as an HMAC bound to the phone,
// valid 5 minutes, single use, dead after 5 wrong tries. Only the newest code of a phone counts.
import { createHmac, randomInt } from "node:crypto";
import type { CodePurpose } from "@yj/contract";
import { and, desc, eq, gt, isNull, lt, lte, sql } from "drizzle-orm";
import { deleteInBatches } from "../../db/batched-delete.js";
import type { Db } from "../../db/client.js";
import { verificationCodes } from "../../db/schema.js";
import { CODE_MAX_WRONG_ATTEMPTS, CODE_TTL_MS } from "./limits.js";

/**
 * The data-retention job's part (docs/decisions/0077): every expired code goes (issue() drops a
 * phone's own when it sends the next; this catches phones that never asked again). Answers how many.
 */
export function removeExpiredCodes(db: Db, now: Date): Promise<number> {
  return deleteInBatches(db, verificationCodes, verificationCodes.id, lte(verificationCodes.expiresAt, now));
}

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

export class VerificationCodes {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** The phone is part of the MAC: a code is worthless for any other number (R1). */
  hash(phone: string, code: string): string {
    return createHmac("sha256", this.secret).update(`${phone}:${code}`).digest("hex");
  }

  /**
   * Stores a new code for the phone (superseding its earlier ones of the same purpose) and returns it
   * for sending. A purpose keeps a login code from confirming an owner's act, and the reverse
   * (docs/decisions/0069).
   */
  async issue(phone: string, now: Date, purpose: CodePurpose = "login"): Promise<string> {
    const code = generateCode();
    // Expired codes can never be used again; dropping them keeps the table as small as the traffic.
    await this.db
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.phone, phone), lte(verificationCodes.expiresAt, now)));
    await this.db.insert(verificationCodes).values({
      phone,
      purpose,
      codeHash: this.hash(phone, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    return code;
  }

  /**
   * Uses the phone's newest code if it matches, is unexpired, unused and not worn out by wrong tries.
   * One UPDATE … WHERE used_at IS NULL … RETURNING decides: among concurrent verifies of the right
   * code exactly one gets the row (the others re-check used_at after the row lock and find it set).
   * A wrong code counts a try against the newest live code.
   */
  async consume(tx: Db, phone: string, code: string, now: Date, purpose: CodePurpose = "login"): Promise<boolean> {
    const newest = tx
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.phone, phone), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    const live = and(
      eq(verificationCodes.id, sql`(${newest})`),
      isNull(verificationCodes.usedAt),
      gt(verificationCodes.expiresAt, now),
      lt(verificationCodes.attempts, CODE_MAX_WRONG_ATTEMPTS),
    );
    const used = await tx
      .update(verificationCodes)
      .set({ usedAt: now })
      .where(and(live, eq(verificationCodes.codeHash, this.hash(phone, code))))
      .returning({ id: verificationCodes.id });
    if (used.length > 0) return true;
    await tx
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(live);
    return false;
  }
}
