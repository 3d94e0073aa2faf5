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

    it("answers many concurrent reads each with its own rows or its own error", async () => {
      const square = testDb.database.prepare<{ n: number }>("test_square", "select $1::int * $1::int as n");
      const values = Array.from({ length: 40 }, (_, i) => (i % 7 === 3 ? "不是数字" : i));
      const results = await Promise.allSettled(values.map((v) => square([v])));
      results.forEach((result, i) => {
        if (typeof values[i] === "string") expect(result.status, `read ${i}`).toBe("rejected");
        else expect(result, `read ${i}`).toEqual({ status: "fulfilled", value: [{ n: i * i }] });
      });
      // A read started when another one is answered is answered too.
      const chained = await square([2]).then(([row]) => square([row?.n ?? 0]));
      expect(chained).toEqual([{ n: 16 }]);
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
