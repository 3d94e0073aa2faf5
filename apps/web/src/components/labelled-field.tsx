// A form control with its label above and its message below, wired by one id: the lead forms and the
// delivery address draw their fields with it, each in its own module's look (`classes`).
import type { ReactNode } from "react";

/** A CSS module with the classes `field`, `label` and `error`. */
export type FieldClasses = Readonly<Record<string, string>>;

export function LabelledField({
  id,
  label,
  error,
  classes,
  children,
}: {
  /** The control's id; the message's is `${id}error`. */
  id: string;
  label: string;
  error?: string;
  classes: FieldClasses;
  children: ReactNode;
}) {
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}error`} className={classes.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The control's side of the wiring: its id, marked invalid and described by its message when there is one. */
export function controlProps(id: string, error: string | undefined) {
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}error` : undefined };
}
