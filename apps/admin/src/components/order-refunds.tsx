// An order's refunds in its detail page (docs/decisions/0063): each request with its amount, reason,
// origin and state (申请中, 已拒绝, 退款中, 已退款, 退款失败), its history, and the decisions its state
// allows — 同意退款 (the amount, less for a partial refund, and a note), 拒绝 (a note), and 重试 for a
// failed refund (the same refund number). Each decision is audited by the server.
import {
  type AdminRefund,
  REFUND_EVENT_SOURCE_LABELS,
  REFUND_ORIGIN_LABELS,
  REFUND_STATUS_LABELS,
  type RefundStatus,
} from "@yj/contract";
import { Button, Card, Space, Timeline, Typography } from "antd";
import { useState } from "react";
import { get, post, routes } from "../api";
import { TextAreaItem } from "../kit/form-items";
import { formatTime } from "../kit/format";
import { MoneyField, yuan, yuanText } from "../kit/money-field";
import { SaveModal } from "../kit/save-modal";
import { RefundStatusTag } from "../refund-labels";
import { useLoad } from "../use-load";
import { useRefundRetry } from "../use-refund-retry";

/** "12.30" → 1230; the form's yuan rule has checked the text. */
function cents(text: string): number {
  const [whole = "0", fraction = ""] = text.trim().split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

function eventText(e: AdminRefund["history"][number]): string {
  const to = REFUND_STATUS_LABELS[e.toStatus as RefundStatus] ?? e.toStatus;
  const by = REFUND_EVENT_SOURCE_LABELS[e.source] ?? e.source;
  return `${formatTime(e.at)} ${to}（${by}）${e.note ? `：${e.note}` : ""}`;
}

export function OrderRefunds({ orderNo, onChanged }: { orderNo: string; onChanged(): void }) {
  const load = useLoad(() => get(routes.adminOrderRefunds, { orderNo }), orderNo);
  const [approving, setApproving] = useState<AdminRefund | null>(null);
  const [refusing, setRefusing] = useState<AdminRefund | null>(null);
  const changed = () => {
    load.reload();
    onChanged();
  };
  const { busy, retry } = useRefundRetry(changed);

  let content: React.ReactNode;
  if (load.error) {
    content = (
      <Space>
        <Typography.Text type="danger">{load.error}</Typography.Text>
        <Button onClick={load.reload}>重试</Button>
      </Space>
    );
  } else if (!load.data) {
    content = <Typography.Text type="secondary">加载中…</Typography.Text>;
  } else if (load.data.length === 0) {
    content = <Typography.Text type="secondary">暂无退款申请</Typography.Text>;
  } else {
    content = (
      <Space direction="vertical" style={{ width: "100%" }} size="middle">
        {load.data.map((r) => (
          <Card
            key={r.id}
            size="small"
            type="inner"
            title={
              <Space wrap>
                <span>
                  退款 {yuan(r.amount)} · {REFUND_ORIGIN_LABELS[r.origin]}
                </span>
                <RefundStatusTag status={r.status} />
              </Space>
            }
            extra={
              <Space>
                {r.status === "requested" && (
                  <>
                    <Button type="primary" onClick={() => setApproving(r)}>
                      同意退款
                    </Button>
                    <Button danger onClick={() => setRefusing(r)}>
                      拒绝
                    </Button>
                  </>
                )}
                {r.status === "failed" && (
                  <Button loading={busy} onClick={() => retry(r)}>
                    重试退款
                  </Button>
                )}
              </Space>
            }
          >
            <p>
              退款原因：{r.reason || "—"}
              {r.note ? `　处理备注：${r.note}` : ""}
            </p>
            <p>
              退款单号 {r.outRefundNo} · 支付单号 {r.outTradeNo}
              {r.decidedBy ? ` · 处理人 ${r.decidedBy}` : ""}
            </p>
            <Timeline items={r.history.map((e) => ({ children: eventText(e) }))} />
          </Card>
        ))}
      </Space>
    );
  }

  return (
    <Card title="退款" size="small">
      {content}
      <SaveModal<{ amount: string; note: string }, AdminRefund>
        title="同意退款"
        open={approving !== null}
        okText="同意退款"
        savedText="已同意退款"
        failedText="操作失败"
        initialValues={approving ? { amount: yuanText(approving.amount), note: "" } : undefined}
        onSave={(values) =>
          post(routes.adminRefundApprove, {
            refundId: approving?.id ?? 0,
            amount: cents(values.amount),
            note: values.note ?? "",
          })
        }
        onClose={() => setApproving(null)}
        onSaved={() => {
          setApproving(null);
          changed();
        }}
      >
        <MoneyField
          name="amount"
          label={`退款金额（最多 ${approving ? yuan(Math.min(approving.amount, approving.refundable)) : ""}）`}
          required="请输入退款金额"
        />
        <TextAreaItem name="note" label="备注" input={{ maxLength: 200, rows: 3 }} />
      </SaveModal>
      <SaveModal<{ note: string }, AdminRefund>
        title="拒绝退款"
        open={refusing !== null}
        okText="拒绝"
        savedText="已拒绝退款申请"
        failedText="操作失败"
        onSave={(values) => post(routes.adminRefundRefuse, { refundId: refusing?.id ?? 0, note: values.note })}
        onClose={() => setRefusing(null)}
        onSaved={() => {
          setRefusing(null);
          changed();
        }}
      >
        <TextAreaItem
          name="note"
          label="拒绝原因"
          required="请填写拒绝原因"
          whitespace
          input={{ maxLength: 200, rows: 3 }}
        />
      </SaveModal>
    </Card>
  );
}
