// A small modal confirmation (e.g. docs/product.md §4: '是否退出当前用户？'): role="dialog" with aria-modal, focus
// moves to the confirm button and is kept inside, Esc or a click outside cancels, focus returns on close.
import { useId, useRef } from "react";
import { createPortal } from "react-dom";
import styles from "./confirm-dialog.module.css";
import { useModalKeys } from "./use-dialog-keys";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirmed action is running: the confirm button says so and ignores further clicks. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  // Opened by a click, so never part of the server's HTML.
  if (!props.open || typeof document === "undefined") return null;
  return createPortal(<Dialog {...props} />, document.body);
}

function Dialog({
  title,
  message,
  confirmLabel = "确定",
  cancelLabel = "取消",
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useModalKeys(dialogRef, () => confirmRef.current?.focus(), onCancel);

  return (
    <div className={styles.backdrop}>
      {/* The backdrop is a plain mouse target; keyboard users have Esc and the cancel button. */}
      <div className={styles.scrim} aria-hidden onClick={onCancel} />
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}title`}
        aria-describedby={`${id}message`}
      >
        <h2 id={`${id}title`} className={styles.title}>
          {title}
        </h2>
        <p id={`${id}message`} className={styles.message}>
          {message}
        </p>
        <div className={styles.actions}>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className="btn"
            aria-busy={busy}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {busy ? `${confirmLabel}中…` : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
