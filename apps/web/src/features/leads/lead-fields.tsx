// The fields every lead form is made of: name, mobile, the privacy-policy consent (R14: unticked until
// the visitor ticks it), the failure line and the submit button, so the forms ask and answer alike.
import { Messages, PHONE_LENGTH } from "@yj/contract";
import { type ReactNode, useId } from "react";
import { controlProps, LabelledField } from "../../components/labelled-field";
import styles from "./lead-form.module.css";
import { digitsOnly, type Errors, failureDetail } from "./lead-rules";

/** R14: the privacy-policy consent. */
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

/**
 * The optional consent to be called about offers (docs/decisions/0077): apart from the privacy one,
 * unticked by default, never required.
 */
export function MarketingConsentField({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <label className={`${styles.consent} ${styles.marketing}`}>
      <input type="checkbox" name="marketingConsent" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{Messages.marketingConsent}</span>
    </label>
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
    <LabelledField id={id} label={label} error={error} classes={styles}>
      <input
        {...controlProps(id, error)}
        className={styles.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
    </LabelledField>
  );
}

/** A labelled select of the lead forms (省份, 城市, 室厅卫); its options are the children. */
export function SelectField({
  label,
  error,
  onChange,
  children,
  ...select
}: {
  label: string;
  error?: string;
  onChange(value: string): void;
  children: ReactNode;
} & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "onChange">) {
  const id = useId();
  return (
    <LabelledField id={id} label={label} error={error} classes={styles}>
      <select
        {...controlProps(id, error)}
        className={styles.select}
        onChange={(e) => onChange(e.target.value)}
        {...select}
      >
        {children}
      </select>
    </LabelledField>
  );
}

type FieldProps = { value: string; error?: string; onChange(value: string): void; placeholder?: string };

export function NameField(props: FieldProps) {
  return <TextField label="姓名" name="name" autoComplete="name" maxLength={20} {...props} />;
}

/** The mobile number: digits only, at most 11. */
export function PhoneField({ onChange, ...props }: FieldProps) {
  return (
    <TextField
      label="手机号"
      name="phone"
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      maxLength={PHONE_LENGTH}
      onChange={(v) => onChange(digitsOnly(v, PHONE_LENGTH))}
      {...props}
    />
  );
}

/** Why the last send failed, under the form, as "报名失败：…". */
export function FormFailure({ error, prefix }: { error: unknown; prefix: string }) {
  if (!error) return null;
  return (
    <p className={`${styles.status} ${styles.failed}`} role="alert">
      {prefix}：{failureDetail(error, "网络错误，请稍后重试")}
    </p>
  );
}

/** The form's one button: disabled and saying so while the form is being sent. */
export function SubmitButton({
  pending,
  label,
  pendingLabel = "提交中…",
}: {
  pending: boolean;
  label: string;
  pendingLabel?: string;
}) {
  return (
    <button type="submit" className={`btn ${styles.submit}`} disabled={pending} aria-busy={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}

type Contact = { name?: string; phone: string; consent: boolean; marketing?: boolean };

/**
 * What every lead form asks for: the name (where the form has one), the mobile number and the consent,
 * each with its message, each change passed on as a patch; and, where the form keeps `marketing`, the
 * optional consent to be called about offers.
 */
export function ContactFields({
  values,
  errors,
  set,
  phonePlaceholder,
}: {
  values: Contact;
  errors: Errors<"name" | "phone" | "consent">;
  set(patch: Partial<Contact>): void;
  phonePlaceholder?: string;
}) {
  return (
    <>
      {values.name !== undefined && (
        <NameField value={values.name} error={errors.name} onChange={(v) => set({ name: v })} />
      )}
      <PhoneField
        placeholder={phonePlaceholder}
        value={values.phone}
        error={errors.phone}
        onChange={(v) => set({ phone: v })}
      />
      <ConsentField checked={values.consent} error={errors.consent} onChange={(v) => set({ consent: v })} />
      {values.marketing !== undefined && (
        <MarketingConsentField checked={values.marketing} onChange={(v) => set({ marketing: v })} />
      )}
    </>
  );
}
