// Database.prepare (ADR 0010, ADR 0011): named statements for the hottest reads, on PGlite (extended
// protocol spoken to it directly, its answer read as bytes) and on PostgreSQL (node-postgres named
// statements), answering each value as PostgreSQL's text bytes.
import { beforeAll, expect, it } from "vitest";
import type { PreparedStatement, StatementValues } from "../src/db/client.js";
import { goods } from "../src/db/schema.js";
import { intOf } from "../src/db/wire-rows.js";
import { describeEachBackend } from "./helper.js";

/** The rows as text (null stays null). */
function asText(run: PreparedStatement) {
  return async (values: StatementValues) =>
    (await run(values)).map((row) => row.map((value) => (value === null ? null : value.toString("utf8"))));
}

/** The first value of the first row, as a number. */
function firstNumber(run: PreparedStatement) {
  return async (values: StatementValues) => intOf((await run(values))[0]?.[0]);
}

describeEachBackend("Database.prepare", { embedded: true, app: false, seed: false }, (ctx) => {
  beforeAll(async () => {}, 60_000);

  it("answers each value as PostgreSQL's text bytes, reports a bad value, and keeps working after it", async () => {
    const echo = asText(
      ctx.database.prepare(
        "test_echo",
        "select $1::int as n, $2::text as s, null::text as nothing, '{1,2}'::int[] as a",
      ),
    );
    expect(await echo([5, '岩板 "餐桌" 🛋️\u2028'])).toEqual([["5", '岩板 "餐桌" 🛋️\u2028', null, "{1,2}"]]);
    await expect(echo(["abc", "x"])).rejects.toThrow(/integer/);
    await expect(echo(["abc", "x"])).rejects.toMatchObject({ code: "22P02" });
    expect(await echo(["7", ""])).toEqual([["7", "", null, "{1,2}"]]);
    const none = ctx.database.prepare("test_none", "select 1 as n where $1::int < 0");
    expect(await none([1])).toEqual([]);
    const many = asText(
      ctx.database.prepare("test_many", "select g::text, repeat('墙', g) from generate_series(1, $1::int) g"),
    );
    // Large enough to arrive in several pieces.
    const rows = await many([600]);
    expect(rows).toHaveLength(600);
    expect(rows[599]).toEqual(["600", "墙".repeat(600)]);
  });

  it("reports a statement that does not parse, each time it is called", async () => {
    const broken = ctx.database.prepare("test_broken", "select frm goods where");
    await expect(broken([])).rejects.toThrow(/syntax/);
    await expect(broken([])).rejects.toThrow(/syntax/);
  });

  it("answers many concurrent reads each with its own rows or its own error", async () => {
    const square = firstNumber(ctx.database.prepare("test_square", "select $1::int * $1::int as n"));
    const values = Array.from({ length: 40 }, (_, i) => (i % 7 === 3 ? "不是数字" : i));
    const results = await Promise.allSettled(values.map((v) => square([v])));
    results.forEach((result, i) => {
      if (typeof values[i] === "string") expect(result.status, `read ${i}`).toBe("rejected");
      else expect(result, `read ${i}`).toEqual({ status: "fulfilled", value: i * i });
    });
    // A read started when another one is answered is answered too.
    const chained = await square([2]).then((n) => square([n ?? 0]));
    expect(chained).toBe(16);
  });

  it("never reads inside another caller's open transaction", async () => {
    const count = firstNumber(
      ctx.database.prepare("test_count", "select count(*)::int as n from goods where $1::int = 1"),
    );
    const before = await count([1]);
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = ctx.database.db
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
    expect(await count([1])).toBe(before);
    expect(await transaction).toBe("roll back");
    expect(await count([1])).toBe(before);
  });
});
