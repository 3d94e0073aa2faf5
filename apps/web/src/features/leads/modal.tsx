// The frame of the lead dialogs: role="dialog" with aria-modal, a title and a close button; Esc or a
// click outside closes it, focus moves in on open, stays in while it is open (also when the content
// under the focus is replaced, as the estimate's result replaces its form) and returns on close.
// Client-only (opened by a click).
import { type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { keepTabInside, useDialogKeys } from "../../components/use-dialog-keys";
import styles from "./modal.module.css";

export function Modal(props: { title: string; onClose(): void; children: ReactNode; wide?: boolean }) {
  if (typeof document === "undefined") return null;
  return createPortal(<Frame {...props} />, document.body);
}

function Frame({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  wide?: boolean;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const focusFirst = () =>
    (
      ref.current?.querySelector<HTMLElement>("input, select, button:not([data-close])") ??
      ref.current?.querySelector<HTMLElement>("button")
    )?.focus();
  useDialogKeys(focusFirst, (e) => {
    if (e.key === "Escape") onClose();
    else keepTabInside(ref.current, e);
  });
  // After a render that removed the focused element (the form's button once the result shows), the
  // focus would fall to the page behind the dialog: it moves to the dialog itself, read from its top,
  // so the new content is seen from its start (the estimate's total, not its last button); Tab goes on
  // to the first control from there.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.contains(document.activeElement)) return;
    dialog.focus({ preventScroll: true });
    dialog.scrollTop = 0;
  });

  return (
    <div className={styles.backdrop}>
      <div className={styles.scrim} aria-hidden onClick={onClose} />
      <div
        ref={ref}
        className={`${styles.dialog} ${wide ? styles.wide : ""}`}
        role="dialog"
        aria-modal="true"
        tabIndex={-1}
        aria-labelledby={`${id}title`}
      >
        <div className={styles.head}>
          <h2 id={`${id}title`} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="关闭" data-close onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
