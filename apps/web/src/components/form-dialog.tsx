// A modal that is one form (a code to confirm with, a reason, photos), drawn as ConfirmDialog is:
// role="dialog" with aria-modal, named by its title; the first focus is the caller's choice, Tab stays
// inside, Esc or a click outside closes, focus returns on close. The caller puts it in a portal.
import { type FormEvent, type ReactNode, useId, useRef } from "react";
import styles from "./confirm-dialog.module.css";
import { useModalKeys } from "./use-dialog-keys";

export function FormDialog({
  title,
  className,
  focusFirst,
  onClose,
  onSubmit,
  children,
  submitButton,
}: {
  title: string;
  /** The dialog's own size. */
  className?: string;
  /** Runs once on open, with the form. */
  focusFirst(form: HTMLFormElement | null): void;
  onClose(): void;
  onSubmit(event: FormEvent): void;
  children: ReactNode;
  /** Shown after 取消 at the bottom. */
  submitButton: ReactNode;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useModalKeys(formRef, () => focusFirst(formRef.current), onClose);

  return (
    <div className={styles.backdrop}>
      {/* The backdrop is a plain mouse target; keyboard users have Esc and the cancel button. */}
      <div className={styles.scrim} aria-hidden onClick={onClose} />
      <form
        ref={formRef}
        className={`${styles.dialog} ${className ?? ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}title`}
        noValidate
        onSubmit={onSubmit}
      >
        <h2 id={`${id}title`} className={styles.title}>
          {title}
        </h2>
        {children}
        <div className={styles.actions}>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            取消
          </button>
          {submitButton}
        </div>
      </form>
    </div>
  );
}
