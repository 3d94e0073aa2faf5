// The dashboard's chart data: leads and orders made on each of the last 30 days in China time
// (UTC+8), every day listed with 0 where nothing was made, a day running from 00:00 to 24:00 in
// China; and each part only for a role that may see it (运营 sees neither leads nor orders).
import { DASHBOARD_DAYS, type DashboardData } from "@yj/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { customers, leads, orders } from "../src/db/schema.js";
import { chinaDayOf, lastChinaDays } from "../src/lib/china-time.js";
import { LeadPipeline } from "../src/modules/leads/lead-pipeline.js";
import { OrderDesk } from "../src/modules/orders/order-desk.js";
import { uniqueIp, uniquePhone } from "./accounts-fixtures.js";
import { asStaff, newStaff } from "./admin-fixtures.js";
import { describeEachBackend } from "./helper.js";

/** 2024-03-10 11:00 in China: far from every other test's rows, which are made "now". */
const NOW = new Date("2024-03-10T03:00:00Z");
const at = (iso: string) => new Date(iso);

describe("China days", () => {
  it("a day runs from 00:00 to 24:00 UTC+8", () => {
    expect(chinaDayOf(at("2024-03-09T15:59:59.999Z"))).toBe("2024-03-09");
    expect(chinaDayOf(at("2024-03-09T16:00:00Z"))).toBe("2024-03-10");
  });

  it("the last 30 days end with today's, oldest first, across a month end (29 days in February 2024)", () => {
    const days = lastChinaDays(NOW, DASHBOARD_DAYS);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2024-02-10");
    expect(days[29]).toBe("2024-03-10");
    expect(days).toContain("2024-02-29");
    expect(new Set(days).size).toBe(30);
    // 23:30 UTC on the 9th is already the 10th in China.
    expect(lastChinaDays(at("2024-03-09T23:30:00Z"), 2)).toEqual(["2024-03-09", "2024-03-10"]);
  });
});

describeEachBackend("dashboard per-day series", (ctx) => {
  const db = () => ctx.database.db;
  const clock = () => NOW;

  /** Instants around the range's edges, and the China day each must count on (null: outside). */
  const instants: [string, string | null][] = [
    ["2024-02-09T15:59:59.999Z", null], // 02-09 23:59:59.999 China: the day before the range
    ["2024-02-09T16:00:00Z", "2024-02-10"], // 02-10 00:00 China: the range's first instant
    ["2024-03-01T02:00:00Z", "2024-03-01"],
    ["2024-03-01T10:00:00Z", "2024-03-01"],
    ["2024-03-09T15:59:59.999Z", "2024-03-09"], // the last instant of the 9th in China
    ["2024-03-09T16:00:00Z", "2024-03-10"], // the 10th's first, though still the 9th in UTC
    ["2024-03-10T02:59:00Z", "2024-03-10"],
    ["2024-03-10T16:00:00Z", null], // tomorrow in China
  ];
  const expected = new Map<string, number>();
  for (const [, day] of instants) if (day) expected.set(day, (expected.get(day) ?? 0) + 1);

  beforeAll(async () => {
    for (const [iso] of instants) {
      const createdAt = at(iso);
      await db()
        .insert(leads)
        .values({ kind: "appointment", phone: uniquePhone(), payload: {}, createdAt, updatedAt: createdAt });
    }
    const [customer] = await db()
      .insert(customers)
      .values({ mobile: uniquePhone(), createdAt: NOW, lastLoginAt: NOW })
      .returning();
    let n = 0;
    for (const [iso] of instants.filter(([, day]) => day !== "2024-03-01")) {
      const createdAt = at(iso);
      n += 1;
      await db()
        .insert(orders)
        .values({
          orderNo: `DAILY${Date.now()}${n}`.slice(0, 32),
          customerId: customer!.id,
          status: "pending_payment",
          totalCents: 100,
          address: {} as never,
          createdAt,
          payBefore: new Date(createdAt.getTime() + 30 * 60_000),
        });
    }
  });

  it("leads: one entry per China day of the last 30, zero days included, boundaries in China time", async () => {
    const { daily } = await new LeadPipeline(db(), clock).dashboard();
    expect(daily.map((d) => d.day)).toEqual(lastChinaDays(NOW, DASHBOARD_DAYS));
    for (const { day, count } of daily) expect(count, day).toBe(expected.get(day) ?? 0);
    expect(daily.filter((d) => d.count === 0)).toHaveLength(DASHBOARD_DAYS - expected.size);
    expect(daily.find((d) => d.day === "2024-03-01")?.count).toBe(2);
  });

  it("orders: the same days, counted by when the order was made", async () => {
    const { daily } = await new OrderDesk(db(), clock).figures();
    expect(daily).toHaveLength(DASHBOARD_DAYS);
    const withoutMarch1 = new Map(expected);
    withoutMarch1.delete("2024-03-01");
    for (const { day, count } of daily) expect(count, day).toBe(withoutMarch1.get(day) ?? 0);
    expect(daily.find((d) => d.day === "2024-03-10")?.count).toBe(2);
  });

  it("a range with nothing in it is 30 zeros, not an empty list", async () => {
    const { daily } = await new LeadPipeline(db(), () => at("2001-06-01T00:00:00Z")).dashboard();
    expect(daily).toHaveLength(DASHBOARD_DAYS);
    expect(daily.every((d) => d.count === 0)).toBe(true);
    expect(daily.at(-1)?.day).toBe("2001-06-01");
  });

  it("the API gives each role only the series it may see: 销售 and 管理员 both, 运营 neither", async () => {
    const board = async (role: "admin" | "sales" | "operations") => {
      const member = await newStaff(ctx.app, db(), role);
      const res = await ctx.app.inject(asStaff(member, { url: "/api/admin/dashboard", remoteAddress: uniqueIp() }));
      const body = res.json() as { code: number; data: DashboardData };
      expect(body.code).toBe(1);
      return body.data;
    };
    for (const role of ["admin", "sales"] as const) {
      const data = await board(role);
      expect(data.leads?.daily, role).toHaveLength(DASHBOARD_DAYS);
      expect(data.orders?.daily, role).toHaveLength(DASHBOARD_DAYS);
      expect(data.leads?.daily.at(-1)?.day, role).toBe(chinaDayOf(new Date()));
    }
    const ops = await board("operations");
    expect(ops.leads).toBeNull();
    expect(ops.orders).toBeNull();
  });
});
