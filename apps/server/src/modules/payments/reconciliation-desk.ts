// The back office's reconciliation desk (对账, 管理员 only, docs/decisions/0065): the runs by day and
// provider, the differences with filters, resolving one with a note (audited in the same
// transaction), the Excel export (audited, as the lead export) and running a day again (audited).
import {
  BILL_PROVIDER_LABELS,
  centsToYuanText,
  DIFFERENCE_KIND_LABELS,
  DIFFERENCE_SUBJECT_LABELS,
  type DifferenceFilter,
  ReconciliationMessages,
  type ReconciliationRunFilter,
} from "@yj/contract";
import { and, count, desc, eq, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { reconciliationDifferences, reconciliationRuns, staff } from "../../db/schema.js";
import { chinaDayOf, chinaMinute } from "../../lib/china-time.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { pageOf } from "../../lib/paging.js";
import { oneSheetWorkbook } from "../../lib/workbook.js";
import { isBillDate } from "../../providers/payment/bills.js";
import { type Actor, recordAudit } from "../audit/audit.js";
import type { BillPolicy, BillSource } from "./bill-reconcile-job.js";
import { type BillRunStore, type RunRow, runBill } from "./bill-runs.js";

type DifferenceRecord = typeof reconciliationDifferences.$inferSelect;

/** One export holds at most this many differences. */
export const DIFFERENCE_EXPORT_MAX_ROWS = 5000;

const business = (message: string) => new AppError("business", message);
const iso = (at: Date | null) => (at ? at.toISOString() : null);

function differenceConditions(filter: DifferenceFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.from) conditions.push(gte(reconciliationDifferences.billDate, filter.from));
  if (filter.to) conditions.push(lte(reconciliationDifferences.billDate, filter.to));
  if (filter.provider) conditions.push(eq(reconciliationDifferences.provider, filter.provider));
  if (filter.kind) conditions.push(eq(reconciliationDifferences.kind, filter.kind));
  if (filter.unresolved) conditions.push(isNull(reconciliationDifferences.resolvedAt));
  return conditions.length ? and(...conditions) : undefined;
}

function differenceOf(row: { difference: DifferenceRecord; resolvedBy: string | null }) {
  const d = row.difference;
  return {
    id: d.id,
    provider: d.provider,
    billDate: d.billDate,
    kind: d.kind,
    subject: d.subject,
    outTradeNo: d.outTradeNo,
    outRefundNo: d.outRefundNo,
    ourAmount: d.ourAmountCents,
    theirAmount: d.theirAmountCents,
    detail: d.detail,
    resolvedAt: iso(d.resolvedAt),
    resolvedBy: row.resolvedBy,
    resolutionNote: d.resolutionNote,
    createdAt: d.createdAt.toISOString(),
  };
}

export class ReconciliationDesk {
  constructor(
    private readonly db: Db,
    private readonly store: BillRunStore,
    private readonly sources: readonly BillSource[],
    private readonly policy: Pick<BillPolicy, "staleMs">,
    private readonly now: Clock,
  ) {}

  providers() {
    return { providers: this.sources.map((s) => s.name) };
  }

  async runs(filter: ReconciliationRunFilter) {
    const conditions: SQL[] = [];
    if (filter.from) conditions.push(gte(reconciliationRuns.billDate, filter.from));
    if (filter.to) conditions.push(lte(reconciliationRuns.billDate, filter.to));
    if (filter.provider) conditions.push(eq(reconciliationRuns.provider, filter.provider));
    const where = conditions.length ? and(...conditions) : undefined;
    // Raw names: drizzle leaves a single-table query's columns unqualified, which inside the
    // subquery would name the difference's own id.
    const open = sql<number>`(SELECT count(*)::int FROM reconciliation_differences d WHERE d.run_id = "reconciliation_runs"."id" AND d.resolved_at IS NULL)`;
    return pageOf(
      filter,
      this.db
        .select({ run: reconciliationRuns, open })
        .from(reconciliationRuns)
        .where(where)
        .orderBy(desc(reconciliationRuns.billDate), reconciliationRuns.provider),
      this.db.select({ n: count() }).from(reconciliationRuns).where(where),
      ({ run, open: openCount }) => this.runOf(run, Number(openCount)),
    );
  }

  private runOf(run: RunRow, openCount: number) {
    return {
      id: run.id,
      provider: run.provider,
      billDate: run.billDate,
      status: run.status,
      tradeCount: run.tradeCount,
      refundCount: run.refundCount,
      differenceCount: run.differenceCount,
      openCount,
      error: run.error,
      startedAt: run.startedAt.toISOString(),
      finishedAt: iso(run.finishedAt),
    };
  }

  private differences(reader: Pick<Db, "select">, where: SQL | undefined) {
    return reader
      .select({ difference: reconciliationDifferences, resolvedBy: staff.displayName })
      .from(reconciliationDifferences)
      .leftJoin(staff, eq(staff.id, reconciliationDifferences.resolvedByStaffId))
      .where(where)
      .orderBy(desc(reconciliationDifferences.billDate), desc(reconciliationDifferences.id));
  }

  async differenceList(filter: DifferenceFilter & { current?: number; pageSize?: number }) {
    const where = differenceConditions(filter);
    return pageOf(
      filter,
      this.differences(this.db, where),
      this.db.select({ n: count() }).from(reconciliationDifferences).where(where),
      differenceOf,
    );
  }

  /** Marks a difference handled, with the note; the guarded update and its audit row are one transaction. */
  async resolve(actor: Actor, input: { id: number; note: string }) {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const [resolved] = await tx
        .update(reconciliationDifferences)
        .set({ resolvedAt: now, resolvedByStaffId: actor.staffId, resolutionNote: input.note })
        .where(and(eq(reconciliationDifferences.id, input.id), isNull(reconciliationDifferences.resolvedAt)))
        .returning();
      if (!resolved) {
        const [exists] = await tx
          .select({ id: reconciliationDifferences.id })
          .from(reconciliationDifferences)
          .where(eq(reconciliationDifferences.id, input.id));
        throw exists
          ? business(ReconciliationMessages.alreadyResolved)
          : new AppError("not_found", ReconciliationMessages.differenceNotFound);
      }
      await recordAudit(
        tx,
        actor,
        {
          action: "reconciliation.resolve",
          entity: "reconciliation_difference",
          entityId: resolved.id,
          before: { resolvedAt: null },
          after: {
            provider: resolved.provider,
            billDate: resolved.billDate,
            kind: resolved.kind,
            outTradeNo: resolved.outTradeNo,
            outRefundNo: resolved.outRefundNo,
            note: input.note,
          },
        },
        now,
      );
      const [row] = await this.differences(tx, eq(reconciliationDifferences.id, resolved.id));
      if (!row) throw new Error("resolved difference not found");
      return differenceOf(row);
    });
  }

  /** Downloads the day's bill again and records what differs (the claim is forced, unless it is running). */
  async rerun(actor: Actor, input: { provider: "alipay" | "wechat"; billDate: string }) {
    const source = this.sources.find((s) => s.name === input.provider);
    if (!source) throw business(ReconciliationMessages.providerNotRunning);
    const now = this.now();
    if (!isBillDate(input.billDate)) throw business(ReconciliationMessages.billDate);
    if (input.billDate >= chinaDayOf(now)) throw business(ReconciliationMessages.notYet);
    const claim = await this.store.claim(input.provider, input.billDate, {
      now,
      staleMs: this.policy.staleMs,
      retryFailedAfterMs: null,
      force: true,
    });
    if (!claim.claimed) throw business(ReconciliationMessages.runBusy);
    // The claim is on record before the download starts: who started the run, whatever its end.
    await this.db.transaction((tx) =>
      recordAudit(
        tx,
        actor,
        {
          action: "reconciliation.rerun",
          entity: "reconciliation_run",
          entityId: claim.run.id,
          after: { provider: input.provider, billDate: input.billDate },
        },
        now,
      ),
    );
    const run = (await runBill(this.store, claim.run, (d) => source.downloadBill(d), this.now)) ?? claim.run;
    const [open] = await this.db
      .select({ n: count() })
      .from(reconciliationDifferences)
      .where(and(eq(reconciliationDifferences.runId, run.id), isNull(reconciliationDifferences.resolvedAt)));
    return this.runOf(run, open?.n ?? 0);
  }

  /** The filtered differences as an .xlsx file; the rows and the record of their export are one transaction. */
  async export(actor: Actor, filter: DifferenceFilter) {
    const now = this.now();
    const rows = await this.db.transaction(async (tx) => {
      const found = await this.differences(tx, differenceConditions(filter)).limit(DIFFERENCE_EXPORT_MAX_ROWS + 1);
      if (found.length > DIFFERENCE_EXPORT_MAX_ROWS) throw business(ReconciliationMessages.exportTooLarge);
      await recordAudit(
        tx,
        actor,
        {
          action: "reconciliation.export",
          entity: "reconciliation_difference",
          entityId: "",
          after: { filter, rows: found.length },
        },
        now,
      );
      return found;
    });
    const content = await differenceWorkbook(rows, now);
    const stamp = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace(/[-:T]/g, "");
    return { fileName: `对账差异-${stamp}.xlsx`, rows: rows.length, contentBase64: content.toString("base64") };
  }
}

const yuan = (cents: number | null) => (cents === null ? "" : centsToYuanText(cents));

/** One sheet, Chinese headers, amounts in yuan, China-time dates (as the lead export). */
export async function differenceWorkbook(
  rows: { difference: DifferenceRecord; resolvedBy: string | null }[],
  now: Date,
): Promise<Buffer> {
  return oneSheetWorkbook({
    sheet: "对账差异",
    now,
    columns: [
      { header: "账单日期", key: "billDate", width: 12 },
      { header: "支付方式", key: "provider", width: 10 },
      { header: "类型", key: "kind", width: 10 },
      { header: "对象", key: "subject", width: 8 },
      { header: "商户订单号", key: "outTradeNo", width: 34 },
      { header: "退款单号", key: "outRefundNo", width: 34 },
      { header: "我方金额（元）", key: "ours", width: 14 },
      { header: "对方金额（元）", key: "theirs", width: 14 },
      { header: "状态", key: "state", width: 8 },
      { header: "处理人", key: "resolvedBy", width: 12 },
      { header: "处理时间", key: "resolvedAt", width: 18 },
      { header: "处理说明", key: "note", width: 30 },
    ],
    rows: rows.map(({ difference: d, resolvedBy }) => ({
      billDate: d.billDate,
      provider: BILL_PROVIDER_LABELS[d.provider],
      kind: DIFFERENCE_KIND_LABELS[d.kind],
      subject: DIFFERENCE_SUBJECT_LABELS[d.subject],
      outTradeNo: d.outTradeNo,
      outRefundNo: d.outRefundNo,
      ours: yuan(d.ourAmountCents),
      theirs: yuan(d.theirAmountCents),
      state: d.resolvedAt ? "已处理" : "未处理",
      resolvedBy: resolvedBy ?? "",
      resolvedAt: d.resolvedAt ? chinaMinute(d.resolvedAt) : "",
      note: d.resolutionNote,
    })),
  });
}
