// 申请退款 (docs/decisions/0063): a modal with the one required field 退款原因, for an order paid and not
// shipped, and for the activity deposit within its window. role="dialog" with aria-modal, focus starts
// in the reason and stays inside, Esc or a click outside cancels, focus returns on close (as ConfirmDialog).
import { type OrderRefund, REFUND_STATUS_LABELS } from "@yj/contract";
import { useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import dialogStyles from "../../components/confirm-dialog.module.css";
import { controlProps, LabelledField } from "../../components/labelled-field";
import { useModalKeys } from "../../components/use-dialog-keys";
import { formatPrice } from "../../lib/format";
import styles from "./commerce.module.css";

export const REASON_REQUIRED = "请填写退款原因";
const REASON_MAX = 200;

export interface RefundDialogProps {
  open: boolean;
  /** What is refunded, e.g. 订单 2026… or 活动定金. */
  subject: string;
  busy: boolean;
  onSubmit(reason: string): void;
  onCancel(): void;
}

export function RefundDialog(props: RefundDialogProps) {
  if (!props.open || typeof document === "undefined") return null;
  return createPortal(<Dialog {...props} />, document.body);
}

function Dialog({ subject, busy, onSubmit, onCancel }: RefundDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  useModalKeys(dialogRef, () => reasonRef.current?.focus(), onCancel);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const text = reason.trim();
    if (!text) {
      setError(REASON_REQUIRED);
      reasonRef.current?.focus();
      return;
    }
    onSubmit(text);
  };

  return (
    <div className={dialogStyles.backdrop}>
      <div className={dialogStyles.scrim} aria-hidden onClick={onCancel} />
      <div
        ref={dialogRef}
        className={dialogStyles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}title`}
        aria-describedby={`${id}subject`}
      >
        <h2 id={`${id}title`} className={dialogStyles.title}>
          申请退款
        </h2>
        <p id={`${id}subject`} className={dialogStyles.message}>
          {subject}
        </p>
        <form onSubmit={submit} noValidate>
          <LabelledField id={`${id}reason`} label="退款原因" error={error} classes={styles}>
            <textarea
              ref={reasonRef}
              {...controlProps(`${id}reason`, error)}
              className={styles.textarea}
              required
              maxLength={REASON_MAX}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (error) setError(undefined);
              }}
            />
          </LabelledField>
          <div className={dialogStyles.actions}>
            <button type="button" className="btn btn-ghost" onClick={onCancel}>
              取消
            </button>
            <button type="submit" className="btn" aria-busy={busy}>
              {busy ? "提交中…" : "提交申请"}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** A refund's state as the buyer reads it: 申请中, 已拒绝（note）, 退款中, 已退款, 退款失败, with its amount. */
export function RefundState({ refund }: { refund: OrderRefund }) {
  return (
    <p className={styles.refundState} data-refund-status={refund.status}>
      退款 {formatPrice(refund.amount)}：<strong>{REFUND_STATUS_LABELS[refund.status]}</strong>
      {refund.status === "refused" && refund.note ? `（${refund.note}）` : ""}
    </p>
  );
}

/** A refund still on its way (申请中 or 退款中): no second request meanwhile. */
export const isOpenRefund = (refund: OrderRefund) => refund.status === "requested" || refund.status === "processing";
