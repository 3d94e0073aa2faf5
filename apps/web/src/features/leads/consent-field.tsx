// R14: the privacy-policy consent every lead form asks for, unticked until the visitor ticks it.
import { Messages } from "@yj/contract";
import { useId } from "react";
import styles from "./lead-form.module.css";

export function ConsentField({
  checked,
  error,
  onChange,
}: {
  checked: boolean;
  error?: string;
  onChange(checked: boolean): void;
}) {
  const id = useId();
  const [before, after] = Messages.consent.split("《隐私政策》");
  return (
    <div>
      <label className={styles.consent}>
        <input
          type="checkbox"
          name="consent"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          {before}
          {/* A new tab: the form keeps what was typed. */}
          <a href="/privacy" target="_blank" rel="noopener">
            《隐私政策》
          </a>
          {after}
        </span>
      </label>
      {error && (
        <p id={`${id}error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its message underneath. */
export function TextField({
  label,
  value,
  error,
  onChange,
  ...input
}: {
  label: string;
  value: string;
  error?: string;
  onChange(value: string): void;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "value" | "onChange">) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}input`}>
        {label}
      </label>
      <input
        id={`${id}input`}
        className={styles.input}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
      {error && (
        <p id={`${id}error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
