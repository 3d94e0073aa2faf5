// − [n] + for a cart line: bounded by 1 and the stock; typing commits on blur or Enter, so one change
// makes one request.
import { useEffect, useState } from "react";
import styles from "./commerce.module.css";

export function QuantityStepper({
  value,
  max,
  disabled = false,
  label,
  onChange,
}: {
  value: number;
  /** The stock (at least 1, so a line above it can still be lowered). */
  max: number;
  disabled?: boolean;
  /** What the quantity is of, for screen readers. */
  label: string;
  onChange(quantity: number): void;
}) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const ceiling = Math.max(1, max);
  const commit = (raw: number) => {
    const next = Math.min(ceiling, Math.max(1, Number.isFinite(raw) ? Math.trunc(raw) : value));
    setDraft(String(next));
    if (next !== value) onChange(next);
  };
  return (
    <div className={styles.stepper}>
      <button
        type="button"
        aria-label={`减少${label}数量`}
        disabled={disabled || value <= 1}
        onClick={() => commit(value - 1)}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={ceiling}
        value={draft}
        disabled={disabled}
        aria-label={`${label}数量`}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => commit(Number(draft))}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit(Number(draft));
        }}
      />
      <button
        type="button"
        aria-label={`增加${label}数量`}
        disabled={disabled || value >= ceiling}
        onClick={() => commit(value + 1)}
      >
        +
      </button>
    </div>
  );
}
