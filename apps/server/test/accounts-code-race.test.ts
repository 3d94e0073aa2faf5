// R1 at the code itself: the API's 20-concurrent-verify test is serialised by the rate limiter's
// per-phone lock before it reaches the code, so here 20 transactions on PostgreSQL consume the same
// code through the codes service directly, all open at once, each holding its row lock a while.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verificationCodes } from "../src/db/schema.js";
import { VerificationCodes } from "../src/modules/accounts/codes.js";
import { uniquePhone } from "./accounts-fixtures.js";
import { createTestDatabase, type TestDatabase } from "./helper.js";

const RACERS = 20;
const ROUNDS = 5;

/** Resolves for everyone once `parties` callers have arrived. */
function barrier(parties: number) {
  let arrived = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived === parties) open();
    return opened;
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  "accounts: a code is consumed once by concurrent transactions (R1)",
  () => {
    let testDb: TestDatabase;
    let codes: VerificationCodes;
    beforeAll(async () => {
      testDb = await createTestDatabase("postgres", { seed: false });
      codes = new VerificationCodes(testDb.database.db, "a-secret-for-this-test-only-0123456789");
    }, 60_000);
    afterAll(async () => {
      await testDb?.close();
    });

    it(`${RACERS} transactions consuming the right code at once: exactly one succeeds, no wrong try is counted`, async () => {
      const { db } = testDb.database;
      // Several rounds: a race loses only now and then, so one round could pass by luck.
      for (let round = 0; round < ROUNDS; round++) {
        const phone = uniquePhone();
        const now = new Date();
        const code = await codes.issue(phone, now);
        const allOpen = barrier(RACERS);
        const results = await Promise.all(
          Array.from({ length: RACERS }, () =>
            db.transaction(async (tx) => {
              // Every transaction has its connection and has begun before any of them reads the code.
              await tx.select({ id: verificationCodes.id }).from(verificationCodes).limit(1);
              await allOpen();
              const used = await codes.consume(tx, phone, code, now);
              // The winner keeps its row lock while the others reach the code.
              await new Promise((resolve) => setTimeout(resolve, 30));
              return used;
            }),
          ),
        );
        expect(results.filter(Boolean), `round ${round}`).toHaveLength(1);
        const [row] = await db.select().from(verificationCodes).where(eq(verificationCodes.phone, phone));
        expect(row?.usedAt, `round ${round}`).toEqual(now);
        expect(row?.attempts, `round ${round}`).toBe(0);
      }
    });
  },
);
