// 对账 (管理员 only, docs/decisions/0065): each day's bill runs per provider with their counts and
// state, the differences between the providers' bills and the shop's rows (filters kept in the
// address), resolving one with a note, the Excel export, and running a day again.
import {
  BILL_PROVIDER_LABELS,
  BILL_PROVIDERS,
  type BillProvider,
  DIFFERENCE_KIND_LABELS,
  DIFFERENCE_KINDS,
  DIFFERENCE_SUBJECT_LABELS,
  type DifferenceKind,
  RECONCILIATION_RUN_STATUS_LABELS,
  type ReconciliationDifference,
  type ReconciliationRun,
} from "@yj/contract";
import {
  App,
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { get, post, routes } from "../api";
import { saveBase64File } from "../download";
import { moneyColumn, timeColumn } from "../kit/columns";
import { DatesFilter, SelectFilter } from "../kit/filter-fields";
import { formatTime, orDash } from "../kit/format";
import { TitledPage } from "../kit/titled-page";
import { FilterBar, UrlTableView } from "../kit/url-table";
import { useSubmit } from "../kit/use-submit";
import { useUrlTable } from "../kit/use-url-table";
import { useLoad } from "../use-load";

const FILTER_KEYS = ["provider", "kind", "unresolved", "from", "to"] as const;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const providerOptions = BILL_PROVIDERS.map((value) => ({ value, label: BILL_PROVIDER_LABELS[value] }));
const kindOptions = DIFFERENCE_KINDS.map((value) => ({ value, label: DIFFERENCE_KIND_LABELS[value] }));
const unresolvedOptions = [{ value: "true", label: "只看未处理" }];

/** Tag colours with text of enough contrast on their backgrounds (antd's preset tags). */
const KIND_COLORS: Record<DifferenceKind, string> = {
  missing_here: "red",
  missing_there: "orange",
  amount_differs: "gold",
  status_differs: "blue",
};
const STATUS_COLORS: Record<ReconciliationRun["status"], string> = { running: "blue", done: "green", failed: "red" };

const RUN_COLUMNS: TableColumnsType<ReconciliationRun> = [
  { title: "账单日期", dataIndex: "billDate", width: 110 },
  { title: "支付方式", dataIndex: "provider", width: 90, render: (p: BillProvider) => BILL_PROVIDER_LABELS[p] },
  {
    title: "状态",
    dataIndex: "status",
    width: 90,
    render: (s: ReconciliationRun["status"]) => (
      <Tag color={STATUS_COLORS[s]}>{RECONCILIATION_RUN_STATUS_LABELS[s]}</Tag>
    ),
  },
  { title: "交易笔数", dataIndex: "tradeCount", width: 90 },
  { title: "退款笔数", dataIndex: "refundCount", width: 90 },
  {
    title: "差异（未处理）",
    key: "differences",
    width: 120,
    render: (_, run) => `${run.differenceCount}（${run.openCount}）`,
  },
  { title: "失败原因", dataIndex: "error", ellipsis: true, render: orDash },
  {
    title: "完成时间",
    dataIndex: "finishedAt",
    width: 150,
    render: (at: string | null) => (at ? formatTime(at) : "—"),
  },
];

function kindTag(kind: DifferenceKind) {
  return <Tag color={KIND_COLORS[kind]}>{DIFFERENCE_KIND_LABELS[kind]}</Tag>;
}

export function ReconciliationPage() {
  const { message } = App.useApp();
  const table = useUrlTable(routes.adminReconciliationDifferences, FILTER_KEYS);
  const { filter } = table;
  const runs = useLoad(
    () =>
      get(routes.adminReconciliationRuns, {
        ...(filter.from ? { from: filter.from } : {}),
        ...(filter.to ? { to: filter.to } : {}),
        ...(filter.provider ? { provider: filter.provider as BillProvider } : {}),
        pageSize: 30,
      }),
    table.key,
  );
  const providers = useLoad(() => get(routes.adminReconciliationProviders, {}));
  const [resolving, setResolving] = useState<ReconciliationDifference | null>(null);
  const [note, setNote] = useState("");
  const [rerunDate, setRerunDate] = useState<Dayjs | null>(null);
  const [rerunProvider, setRerunProvider] = useState<BillProvider | undefined>(undefined);
  const exporting = useSubmit();
  const resolve = useSubmit();
  const rerun = useSubmit();

  const exportList = () =>
    exporting.submit(
      () =>
        post(routes.adminReconciliationExport, {
          ...(filter.from ? { from: filter.from } : {}),
          ...(filter.to ? { to: filter.to } : {}),
          ...(filter.provider ? { provider: filter.provider as BillProvider } : {}),
          ...(filter.kind ? { kind: filter.kind as DifferenceKind } : {}),
          ...(filter.unresolved ? { unresolved: "true" as const } : {}),
        }),
      (file) => {
        saveBase64File(file.fileName, file.contentBase64, XLSX);
        message.success(`已导出 ${file.rows} 条差异`);
      },
      "导出失败",
    );

  const submitResolve = () => {
    if (!resolving) return;
    if (!note.trim()) {
      message.error("请输入处理说明");
      return;
    }
    void resolve.submit(
      () => post(routes.adminReconciliationResolve, { id: resolving.id, note: note.trim() }),
      () => {
        message.success("已标记为已处理");
        setResolving(null);
        setNote("");
        table.reload();
        runs.reload();
      },
      "处理失败",
    );
  };

  const submitRerun = () => {
    if (!rerunProvider || !rerunDate) {
      message.error("请选择支付方式和账单日期");
      return;
    }
    void rerun.submit(
      () =>
        post(routes.adminReconciliationRerun, { provider: rerunProvider, billDate: rerunDate.format("YYYY-MM-DD") }),
      (run) => {
        if (run.status === "failed") message.error(`对账失败：${run.error}`);
        else message.success(`已重新对账，发现 ${run.differenceCount} 条差异`);
        table.reload();
        runs.reload();
      },
      "对账失败",
    );
  };

  const columns: TableColumnsType<ReconciliationDifference> = [
    { title: "账单日期", dataIndex: "billDate", width: 110 },
    { title: "支付方式", dataIndex: "provider", width: 90, render: (p: BillProvider) => BILL_PROVIDER_LABELS[p] },
    { title: "类型", dataIndex: "kind", width: 100, render: kindTag },
    {
      title: "对象",
      dataIndex: "subject",
      width: 70,
      render: (s: ReconciliationDifference["subject"]) => DIFFERENCE_SUBJECT_LABELS[s],
    },
    {
      title: "单号",
      key: "numbers",
      render: (_, d) => (
        <Typography.Text style={{ wordBreak: "break-all" }}>
          {d.outTradeNo}
          {d.outRefundNo && <Typography.Text type="secondary">{` / 退款 ${d.outRefundNo}`}</Typography.Text>}
        </Typography.Text>
      ),
    },
    {
      ...moneyColumn("我方金额", "ourAmount", 100),
      render: (v: number | null) => (v === null ? "—" : `¥${(v / 100).toFixed(2)}`),
    },
    {
      ...moneyColumn("对方金额", "theirAmount", 100),
      render: (v: number | null) => (v === null ? "—" : `¥${(v / 100).toFixed(2)}`),
    },
    {
      title: "处理",
      key: "resolution",
      width: 200,
      render: (_, d) =>
        d.resolvedAt ? (
          <Typography.Text>
            {`${orDash(d.resolvedBy)} · ${formatTime(d.resolvedAt)}`}
            <br />
            <Typography.Text type="secondary">{d.resolutionNote}</Typography.Text>
          </Typography.Text>
        ) : (
          <Button size="small" onClick={() => setResolving(d)} aria-label={`处理差异 ${d.outRefundNo || d.outTradeNo}`}>
            标记已处理
          </Button>
        ),
    },
    timeColumn("发现时间", 150),
  ];

  return (
    <TitledPage title="对账">
      <section aria-labelledby="runs-title">
        <Space orientation="vertical" style={{ width: "100%" }}>
          <Typography.Title level={5} id="runs-title" style={{ margin: 0 }}>
            每日账单
          </Typography.Title>
          <Space wrap>
            <Select
              aria-label="支付方式"
              placeholder="支付方式"
              style={{ width: 130 }}
              value={rerunProvider}
              onChange={setRerunProvider}
              options={(providers.data?.providers ?? []).map((p) => ({ value: p, label: BILL_PROVIDER_LABELS[p] }))}
              notFoundContent="未开通支付宝或微信支付"
            />
            <DatePicker aria-label="账单日期" placeholder="账单日期" value={rerunDate} onChange={setRerunDate} />
            <Button onClick={submitRerun} loading={rerun.busy}>
              重新对账
            </Button>
          </Space>
          {runs.error && <Typography.Text type="danger">{runs.error}</Typography.Text>}
          <Table<ReconciliationRun>
            rowKey="id"
            size="small"
            loading={runs.loading}
            dataSource={runs.data?.dataList ?? []}
            columns={RUN_COLUMNS}
            pagination={false}
            scroll={{ x: 900 }}
            locale={{ emptyText: "暂无对账记录（每天上午自动下载前一日账单）" }}
          />
        </Space>
      </section>
      <section aria-labelledby="differences-title">
        <Space orientation="vertical" style={{ width: "100%" }}>
          <Typography.Title level={5} id="differences-title" style={{ margin: 0 }}>
            差异
          </Typography.Title>
          <FilterBar
            table={table}
            style={{ rowGap: 12 }}
            extra={
              <Button onClick={exportList} loading={exporting.busy}>
                导出 Excel
              </Button>
            }
          >
            <SelectFilter name="provider" label="支付方式" options={providerOptions} width={120} />
            <SelectFilter name="kind" label="类型" options={kindOptions} width={120} />
            <SelectFilter name="unresolved" label="处理状态" options={unresolvedOptions} width={130} />
            <DatesFilter label="账单日期" />
          </FilterBar>
          <UrlTableView<ReconciliationDifference>
            table={table}
            rowKey="id"
            columns={columns}
            scroll={{ x: 1100 }}
            locale={{ emptyText: "没有差异" }}
          />
        </Space>
      </section>
      <Modal
        title="标记差异已处理"
        open={resolving !== null}
        onCancel={() => setResolving(null)}
        onOk={submitResolve}
        okText="确定"
        cancelText="取消"
        confirmLoading={resolve.busy}
        destroyOnHidden
      >
        {resolving && (
          <Form layout="vertical">
            <Typography.Paragraph>
              {`${BILL_PROVIDER_LABELS[resolving.provider]} ${resolving.billDate} · `}
              {DIFFERENCE_KIND_LABELS[resolving.kind]}
              {` · ${resolving.outRefundNo || resolving.outTradeNo}`}
            </Typography.Paragraph>
            <Form.Item label="处理说明" required htmlFor="resolution-note">
              <Input.TextArea
                id="resolution-note"
                rows={3}
                maxLength={500}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </TitledPage>
  );
}
