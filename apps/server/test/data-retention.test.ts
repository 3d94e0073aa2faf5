// The daily data-retention job (issue #26, docs/decisions/0077), on PGlite and PostgreSQL: stale
// leads that never became customers lose phone and name (recent ones, customers', projects' and
// payers' are kept), dead sessions of customers and staff, expired codes and spent rate-limit rows
// are removed; one instance runs a day, a second run or a second instance does nothing; /metrics
// shows the runs, the rows per kind and the last success.
import { spawnSync } from "node:child_process";
import { eq, inArray } from "drizzle-orm";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import {
  customers,
  leadNotes,
  leads,
  payments,
  projects,
  rateLimitEvents,
  retentionRuns,
  sessions,
  siteSettings,
  staff,
  staffSessions,
  verificationCodes,
} from "../src/db/schema.js";
import { retentionCutoff } from "../src/modules/leads/lead-retention.js";
import { DEFAULT_RETENTION_POLICY, dueRunDate } from "../src/modules/retention/retention-job.js";
import { createRetentionJob } from "../src/modules/retention/retention-module.js";
import { RetentionRunStore } from "../src/modules/retention/retention-runs.js";
import { describeEachBackend } from "./helper.js";

const PROMTOOL_INSTALLED = spawnSync("promtool", ["--version"]).status === 0;
const DAY = 86_400_000;
const log = pino({ level: "silent" });

function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("retention dates", () => {
  it("counts calendar months back and runs from the run hour, China time", () => {
    expect(retentionCutoff(new Date("2026-11-25T02:00:00Z"), 24).toISOString()).toBe("2024-11-25T02:00:00.000Z");
    // 02:59 China time is before 03:00; 03:00 is the day's run.
    expect(dueRunDate(new Date("2026-11-24T18:59:00Z"), 3)).toBeNull();
    expect(dueRunDate(new Date("2026-11-24T19:00:00Z"), 3)).toBe("2026-11-25");
  });
});

describeEachBackend("data retention", { embedded: true, app: { retention: { runJob: false } } }, (ctx) => {
  /** 10:00 in China; the suite's clock (rows are planted around it). */
  let now = new Date("2026-11-25T02:00:00Z");
  const monthsAgo = (months: number) => retentionCutoff(now, months);
  const jobOf = () =>
    createRetentionJob(ctx.database.db, new RetentionRunStore(ctx.database.db), {
      policy: DEFAULT_RETENTION_POLICY,
      now: () => now,
      log,
    });

  const phones = {
    stale: "13900000101",
    staleChat: "13900000102",
    recent: "13900000103",
    customer: "13900000104",
    project: "13900000105",
    payer: "13900000106",
    noted: "13900000107",
  };
  const ids: Record<keyof typeof phones, number> = {} as never;
  let staffId = 0;
  let customerId = 0;

  beforeAll(async () => {
    const { db } = ctx.database;
    const lead = async (key: keyof typeof phones, updatedAt: Date, extra: Partial<typeof leads.$inferInsert> = {}) => {
      const [row] = await db
        .insert(leads)
        .values({
          kind: "activity",
          phone: phones[key],
          name: `测试${key}`,
          city: "杭州市",
          payload: { phone: phones[key], name: `测试${key}`, activity: "decorate-act" },
          consent: true,
          consentAt: updatedAt,
          marketingConsent: true,
          marketingConsentAt: updatedAt,
          ipHash: "abc",
          createdAt: updatedAt,
          updatedAt,
          ...extra,
        })
        .returning({ id: leads.id });
      ids[key] = row!.id;
    };
    await lead("stale", monthsAgo(25));
    await lead("staleChat", monthsAgo(30), {
      kind: "chat",
      payload: { conversationId: 9, page: "/", transcript: [{ sender: "访客", text: `我的电话 ${phones.staleChat}` }] },
    });
    await lead("recent", monthsAgo(23));
    await lead("customer", monthsAgo(30));
    await lead("project", monthsAgo(30));
    await lead("payer", monthsAgo(30));
    await lead("noted", monthsAgo(30));

    const [customer] = await db
      .insert(customers)
      .values({ mobile: phones.customer, createdAt: monthsAgo(29), lastLoginAt: monthsAgo(29) })
      .returning({ id: customers.id });
    customerId = customer!.id;
    await db.insert(projects).values({
      leadId: ids.project,
      ownerPhone: phones.project,
      address: "测试小区 1 幢",
      areaSqm: 90,
      contractCents: 10_000_000,
      startDate: "2024-06-01",
      plannedFinishDate: "2024-10-01",
      createdAt: monthsAgo(29),
      updatedAt: monthsAgo(29),
    });
    await db.insert(payments).values({
      outTradeNo: `RET${Date.now()}`,
      provider: "offline",
      purpose: "deposit",
      payerName: "测试payer",
      payerPhone: phones.payer,
      subject: "活动定金",
      amountCents: 9900,
      status: "paid",
      createdAt: monthsAgo(30),
      paidAt: monthsAgo(30),
    });
    const [member] = await db
      .insert(staff)
      .values({
        username: `retention-${Date.now()}`,
        displayName: "保留测试",
        role: "sales",
        passwordHash: "not-a-password",
        createdAt: monthsAgo(40),
        updatedAt: monthsAgo(40),
      })
      .returning({ id: staff.id });
    staffId = member!.id;
    await db.insert(leadNotes).values({ leadId: ids.noted, staffId, text: "客户说明年再装", createdAt: monthsAgo(1) });

    // Sessions: live, absolutely expired, idle too long, revoked.
    const session = (tokenHash: string, times: { lastSeenAt: Date; expiresAt: Date; revokedAt?: Date }) => ({
      tokenHash,
      csrf: "c",
      createdAt: new Date(now.getTime() - 40 * DAY),
      ...times,
    });
    const dead = [
      session("c-expired", { lastSeenAt: new Date(now.getTime() - 60_000), expiresAt: new Date(now.getTime() - 1) }),
      session("c-idle", { lastSeenAt: new Date(now.getTime() - 20 * DAY), expiresAt: new Date(now.getTime() + DAY) }),
      session("c-revoked", {
        lastSeenAt: new Date(now.getTime() - 60_000),
        expiresAt: new Date(now.getTime() + DAY),
        revokedAt: new Date(now.getTime() - 60_000),
      }),
    ];
    const live = session("c-live", {
      lastSeenAt: new Date(now.getTime() - 60_000),
      expiresAt: new Date(now.getTime() + DAY),
    });
    await db.insert(sessions).values([...dead, live].map((s) => ({ ...s, customerId })));
    await db
      .insert(staffSessions)
      .values([...dead, live].map((s) => ({ ...s, tokenHash: `s${s.tokenHash}`, staffId })));
    await db.insert(verificationCodes).values([
      {
        phone: phones.stale,
        codeHash: "h1",
        createdAt: new Date(now.getTime() - DAY),
        expiresAt: new Date(now.getTime() - DAY + 300_000),
      },
      {
        phone: phones.recent,
        codeHash: "h2",
        createdAt: new Date(now.getTime() - 60_000),
        expiresAt: new Date(now.getTime() + 240_000),
      },
    ]);
    await db.insert(rateLimitEvents).values([
      { key: "retention:spent", at: new Date(now.getTime() - 2 * DAY), expiresAt: new Date(now.getTime() - DAY) },
      { key: "retention:live", at: new Date(now.getTime() - 60_000), expiresAt: new Date(now.getTime() + DAY) },
    ]);
  });

  it("forgets exactly the stale never-customer leads and removes dead sessions, codes and rate-limit rows", async () => {
    const { db } = ctx.database;
    const round = await jobOf().runOnce();
    expect(round.runDate).toBe("2026-11-25");

    const rows = await db
      .select()
      .from(leads)
      .where(inArray(leads.id, Object.values(ids)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const key of ["stale", "staleChat"] as const) {
      const row = byId.get(ids[key])!;
      expect(row, key).toMatchObject({ phone: "", name: "", ipHash: "", forgottenAt: now });
      expect(JSON.stringify(row.payload), key).not.toContain(phones[key]);
      expect(JSON.stringify(row.payload), key).not.toContain("测试");
      // What the shop's figures need stays: the kind, city, dates and the consent records.
      expect(row, key).toMatchObject({ city: "杭州市", consent: true, marketingConsent: true });
    }
    expect(byId.get(ids.stale)!.payload).toEqual({ activity: "decorate-act" });
    for (const key of ["recent", "customer", "project", "payer", "noted"] as const) {
      const row = byId.get(ids[key])!;
      expect(row, key).toMatchObject({ phone: phones[key], name: `测试${key}`, forgottenAt: null });
    }
    // The seeded shop may hold other leads; whatever was forgotten is counted, the planted two included.
    const forgotten = await db.select({ id: leads.id }).from(leads).where(eq(leads.forgottenAt, now));
    expect(round.counts?.leads_forgotten).toBe(forgotten.length);
    expect(forgotten.map((r) => r.id)).toEqual(expect.arrayContaining([ids.stale, ids.staleChat]));

    expect(
      (await db.select().from(sessions).where(eq(sessions.customerId, customerId))).map((s) => s.tokenHash),
    ).toEqual(["c-live"]);
    expect(
      (await db.select().from(staffSessions).where(eq(staffSessions.staffId, staffId))).map((s) => s.tokenHash),
    ).toEqual(["sc-live"]);
    expect(round.counts).toMatchObject({ customer_sessions: 3, staff_sessions: 3 });
    const codes = await db
      .select()
      .from(verificationCodes)
      .where(inArray(verificationCodes.codeHash, ["h1", "h2"]));
    expect(codes.map((c) => c.codeHash)).toEqual(["h2"]);
    expect(round.counts?.verification_codes).toBeGreaterThanOrEqual(1);
    const events = await db
      .select()
      .from(rateLimitEvents)
      .where(inArray(rateLimitEvents.key, ["retention:spent", "retention:live"]));
    expect(events.map((e) => e.key)).toEqual(["retention:live"]);
    expect(round.counts?.rate_limit_events).toBeGreaterThanOrEqual(1);

    const [run] = await db.select().from(retentionRuns).where(eq(retentionRuns.runDate, "2026-11-25"));
    expect(run).toMatchObject({
      status: "done",
      leadsForgotten: forgotten.length,
      customerSessions: 3,
      staffSessions: 3,
    });
  });

  it("runs a day once: again on this instance or on another one, nothing happens", async () => {
    const { db } = ctx.database;
    const again = await jobOf().runOnce();
    expect(again).toEqual({ runDate: "2026-11-25", counts: null });

    // The next day, two instances at once: one claims the day, the other finds it taken.
    now = new Date(now.getTime() + DAY);
    await db.insert(rateLimitEvents).values({
      key: "retention:next-day",
      at: new Date(now.getTime() - 2 * DAY),
      expiresAt: new Date(now.getTime() - DAY),
    });
    const rounds = await Promise.all([jobOf().runOnce(), jobOf().runOnce()]);
    const ran = rounds.filter((r) => r.counts !== null);
    expect(ran).toHaveLength(1);
    // The staff's live session is two hours idle by now, and yesterday's live rows have expired: each
    // is removed by the one run that did the day.
    expect(ran[0]?.counts?.rate_limit_events).toBeGreaterThanOrEqual(1);
    const left = await db.select().from(rateLimitEvents).where(eq(rateLimitEvents.key, "retention:next-day"));
    expect(left).toEqual([]);
    const runs = await db.select().from(retentionRuns);
    expect(runs.map((r) => [r.runDate, r.status]).sort()).toEqual([
      ["2026-11-25", "done"],
      ["2026-11-26", "done"],
    ]);
  });

  it("reads the period from the site settings", async () => {
    const { db } = ctx.database;
    await db.update(siteSettings).set({ leadRetentionMonths: 12 }).where(eq(siteSettings.id, 1));
    now = new Date(now.getTime() + DAY);
    const round = await jobOf().runOnce();
    // 23 months is past 12: the recent lead goes too; the customer's stays.
    const [recent] = await db.select().from(leads).where(eq(leads.id, ids.recent));
    const [customer] = await db.select().from(leads).where(eq(leads.id, ids.customer));
    expect(recent).toMatchObject({ phone: "", name: "" });
    expect(customer?.phone).toBe(phones.customer);
    expect(round.counts?.leads_forgotten).toBeGreaterThanOrEqual(1);
    await db.update(siteSettings).set({ leadRetentionMonths: 24 }).where(eq(siteSettings.id, 1));
  });

  it("started, the job takes its first look after a delay, then runs the day on its own", async () => {
    const { db } = ctx.database;
    now = new Date(now.getTime() + DAY);
    const day = dueRunDate(now, DEFAULT_RETENTION_POLICY.runHour)!;
    const job = createRetentionJob(db, new RetentionRunStore(db), {
      policy: { ...DEFAULT_RETENTION_POLICY, firstLookAfterMs: 30 },
      now: () => now,
      log,
    });
    const runOf = async () => (await db.select().from(retentionRuns).where(eq(retentionRuns.runDate, day)))[0];
    job.start();
    expect(await runOf()).toBeUndefined();
    try {
      await expect.poll(async () => (await runOf())?.status, { timeout: 10_000 }).toBe("done");
    } finally {
      await job.stop();
    }
  });

  it("shows runs, rows per kind and the last success in /metrics, in a form promtool accepts", async () => {
    const { db } = ctx.database;
    const done = await db.select().from(retentionRuns).where(eq(retentionRuns.status, "done"));
    const res = await ctx.app.inject({ method: "GET", url: "/metrics" });
    const text = res.body;
    expect(sample(text, "data_retention_runs_total")).toBe(done.length);
    const sum = (pick: (r: (typeof done)[number]) => number) => done.reduce((n, r) => n + pick(r), 0);
    expect(sample(text, 'data_retention_rows_total{kind="customer_sessions"}')).toBe(sum((r) => r.customerSessions));
    expect(sample(text, 'data_retention_rows_total{kind="staff_sessions"}')).toBe(sum((r) => r.staffSessions));
    expect(sample(text, 'data_retention_rows_total{kind="verification_codes"}')).toBe(sum((r) => r.verificationCodes));
    expect(sample(text, 'data_retention_rows_total{kind="leads_forgotten"}')).toBe(
      done.reduce((n, r) => n + r.leadsForgotten, 0),
    );
    expect(sample(text, 'data_retention_rows_total{kind="rate_limit_events"}')).toBe(sum((r) => r.rateLimitEvents));
    expect(sum((r) => r.rateLimitEvents)).toBeGreaterThanOrEqual(2);
    expect(sample(text, "data_retention_last_success_timestamp_seconds")).toBe(now.getTime() / 1000);
    // A second scrape does not count again.
    const second = (await ctx.app.inject({ method: "GET", url: "/metrics" })).body;
    expect(sample(second, "data_retention_runs_total")).toBe(done.length);
    if (PROMTOOL_INSTALLED) {
      const check = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
      expect(check.stdout + check.stderr).toBe("");
    }
  });
});
