// 对账 (docs/decisions/0065): the runs with their counts and state, the differences with the kind
// labels, and 标记已处理 with a note, which sends the note and loads the list again.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { adminRoutes, type ReconciliationDifference, type ReconciliationRun } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { answer, api } from "../test/fake-api";
import { renderPage } from "../test/render-page";
import { ReconciliationPage } from "./reconciliation";

const run = (over: Partial<ReconciliationRun>): ReconciliationRun => ({
  id: 1,
  provider: "alipay",
  billDate: "2026-11-24",
  status: "done",
  tradeCount: 12,
  refundCount: 2,
  differenceCount: 4,
  openCount: 3,
  error: "",
  startedAt: "2026-11-25T02:00:00.000Z",
  finishedAt: "2026-11-25T02:00:05.000Z",
  ...over,
});

const difference = (id: number, over: Partial<ReconciliationDifference>): ReconciliationDifference => ({
  id,
  provider: "alipay",
  billDate: "2026-11-24",
  kind: "missing_here",
  subject: "payment",
  outTradeNo: `P2026112400000${id}`,
  outRefundNo: "",
  ourAmount: null,
  theirAmount: 12_345,
  detail: {},
  resolvedAt: null,
  resolvedBy: null,
  resolutionNote: "",
  createdAt: "2026-11-25T02:00:05.000Z",
  ...over,
});

describe("reconciliation page", () => {
  it("shows the runs and the differences by their Chinese names, and resolves one with a note", async () => {
    answer(adminRoutes.adminReconciliationProviders, { providers: ["alipay", "wechat"] });
    answer(adminRoutes.adminReconciliationRuns, {
      dataList: [
        run({}),
        run({
          id: 2,
          provider: "wechat",
          status: "failed",
          differenceCount: 0,
          openCount: 0,
          error: "微信支付账单摘要不符，已拒绝",
        }),
      ],
      total: 2,
      current: 1,
      pageSize: 30,
    });
    const rows = [
      difference(1, {}),
      difference(2, { kind: "missing_there", ourAmount: 500, theirAmount: null }),
      difference(3, { kind: "amount_differs", ourAmount: 40_000, theirAmount: 39_900 }),
      difference(4, {
        kind: "status_differs",
        subject: "refund",
        outRefundNo: "R1",
        resolvedAt: "2026-11-25T03:00:00.000Z",
        resolvedBy: "王管理",
        resolutionNote: "已核实",
      }),
    ];
    answer(adminRoutes.adminReconciliationDifferences, { dataList: rows, total: 4, current: 1, pageSize: 20 });
    renderPage(<ReconciliationPage />, { url: "/reconciliation" });

    expect(await screen.findByText("微信支付账单摘要不符，已拒绝")).toBeTruthy();
    expect(screen.getByText("失败")).toBeTruthy();
    expect(screen.getByText("4（3）")).toBeTruthy();
    for (const label of ["我方缺失", "对方缺失", "金额不符", "状态不符"])
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(screen.getByText("¥399.00")).toBeTruthy();
    expect(screen.getByText("已核实")).toBeTruthy();

    let sent: unknown;
    answer(adminRoutes.adminReconciliationResolve, (body: unknown) => {
      sent = body;
      return { ...rows[0], resolvedAt: "2026-11-25T04:00:00.000Z", resolvedBy: "王管理", resolutionNote: "补单" };
    });
    const calls = api.get.mock.calls.length;
    fireEvent.click(screen.getByRole("button", { name: "处理差异 P20261124000001" }));
    const dialog = await screen.findByRole("dialog");
    // No note: refused here, nothing sent.
    fireEvent.click(within(dialog).getByRole("button", { name: "确 定" }));
    expect(await screen.findByText("请输入处理说明")).toBeTruthy();
    expect(sent).toBeUndefined();
    fireEvent.change(within(dialog).getByLabelText("处理说明"), { target: { value: "补单" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "确 定" }));
    await waitFor(() => expect(sent).toEqual({ id: 1, note: "补单" }));
    // The list and the runs are loaded again.
    await waitFor(() => expect(api.get.mock.calls.length).toBeGreaterThan(calls + 1));
  });
});
