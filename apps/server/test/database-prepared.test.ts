// Database.prepare (ADR 0010): named statements for the hottest reads, on PGlite (extended protocol
// spoken to it directly) and on PostgreSQL (node-postgres named statements).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goods } from "../src/db/schema.js";
import { backends, createTestDatabase, type TestDatabase } from "./helper.js";

for (const backend of backends) {
  describe(`Database.prepare [${backend}]`, () => {
    let testDb: TestDatabase;
    beforeAll(async () => {
      testDb = await createTestDatabase(backend, { seed: false });
    }, 60_000);
    afterAll(async () => {
      await testDb?.database.close();
      await testDb?.drop();
    });

    it("answers typed rows, reports a bad value, and keeps working after it", async () => {
      const echo = testDb.database.prepare<{ n: number; s: string }>("test_echo", "select $1::int as n, $2::text as s");
      expect(await echo([5, '岩板 "餐桌" 🛋️'])).toEqual([{ n: 5, s: '岩板 "餐桌" 🛋️' }]);
      await expect(echo(["abc", "x"])).rejects.toThrow(/integer/);
      expect(await echo(["7", ""])).toEqual([{ n: 7, s: "" }]);
      const none = testDb.database.prepare<{ n: number }>("test_none", "select 1 as n where $1::int < 0");
      expect(await none([1])).toEqual([]);
    });

    it("never reads inside another caller's open transaction", async () => {
      const count = testDb.database.prepare<{ n: number }>(
        "test_count",
        "select count(*)::int as n from goods where $1::int = 1",
      );
      const before = (await count([1]))[0]?.n;
      let inserted!: () => void;
      const insertedYet = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const transaction = testDb.database.db
        .transaction(async (tx) => {
          await tx.insert(goods).values({
            name: "未提交的商品",
            brand: "测试",
            category1: 10,
            category2: 4,
            priceCents: 1,
            originalPriceCents: 1,
          });
          inserted();
          // Long enough for the read below to be issued while this transaction is open.
          await new Promise((resolve) => setTimeout(resolve, 100));
          throw new Error("roll back");
        })
        .catch((error: Error) => error.message);
      await insertedYet;
      // PostgreSQL reads on another connection; PGlite has one, so the read waits for the rollback.
      expect((await count([1]))[0]?.n).toBe(before);
      expect(await transaction).toBe("roll back");
      expect((await count([1]))[0]?.n).toBe(before);
    });
  });
}
