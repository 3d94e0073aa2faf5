// The frame of the lead dialogs: role="dialog" with aria-modal, a title and a close button; Esc or a
// click outside closes it, focus moves in on open and returns on close. Client-only (opened by a click).
import { type ReactNode, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useDialogKeys } from "../../components/use-dialog-keys";
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
  useDialogKeys(
    () => ref.current?.querySelector<HTMLElement>("input, select, button:not([data-close])")?.focus(),
    (e) => {
      if (e.key === "Escape") onClose();
    },
  );

  return (
    <div className={styles.backdrop}>
      <div className={styles.scrim} aria-hidden onClick={onClose} />
      <div
        ref={ref}
        className={`${styles.dialog} ${wide ? styles.wide : ""}`}
        role="dialog"
        aria-modal="true"
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
