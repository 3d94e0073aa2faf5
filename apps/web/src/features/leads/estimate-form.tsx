import { type FormEvent, useState } from "react";
import { ContactFields, SelectField, SubmitButton, TextField } from "./lead-fields";
import styles from "./lead-form.module.css";
import {
  type Errors,
  type EstimateField,
  type EstimateForm,
  hasErrors,
  LAYOUT_COUNTS,
  validateEstimate,
} from "./lead-rules";
import { RegionFields } from "./region-fields";

const LAYOUT = [
  ["room", "室"],
  ["hall", "厅"],
  ["wei", "卫"],
] as const;

export function EstimateFormView({
  form,
  onChange,
  onSubmit,
  pending,
  failure,
}: {
  form: EstimateForm;
  onChange(form: EstimateForm): void;
  onSubmit(form: EstimateForm): void;
  pending: boolean;
  failure?: string;
}) {
  const [errors, setErrors] = useState<Errors<EstimateField>>({});
  const set = (patch: Partial<EstimateForm>) => {
    onChange({ ...form, ...patch });
    const cleared = Object.fromEntries(Object.keys(patch).map((k) => [k, undefined]));
    setErrors({ ...errors, ...cleared });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const found = validateEstimate(form);
    setErrors(found);
    if (!hasErrors(found)) onSubmit(form);
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label="报价表单">
      <RegionFields
        province={form.province}
        city={form.city}
        errors={errors}
        onChange={(next) => set(next.province === form.province ? { city: next.city } : next)}
      />
      <TextField
        label="房屋面积（㎡）"
        name="area"
        inputMode="decimal"
        placeholder="请输入房屋面积"
        value={form.area}
        error={errors.area}
        onChange={(v) => set({ area: v.replace(/[^\d.]/g, "").slice(0, 8) })}
      />
      <div className={`${styles.row} ${styles.three}`}>
        {LAYOUT.map(([key, unit]) => (
          <SelectField
            key={key}
            label={unit}
            name={key}
            value={form[key]}
            error={errors[key]}
            onChange={(value) => set({ [key]: Number(value) })}
          >
            {LAYOUT_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n} {unit}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <div className={styles.toggles}>
        <label>
          <input type="checkbox" checked={form.isSoft} onChange={(e) => set({ isSoft: e.target.checked })} />
          含软装
        </label>
        <label>
          <input type="checkbox" checked={form.isElectric} onChange={(e) => set({ isElectric: e.target.checked })} />
          含家电
        </label>
      </div>
      <ContactFields values={form} errors={errors} set={set} phonePlaceholder="报价结果将同步发送给您" />
      {failure && (
        <p className={`${styles.status} ${styles.failed}`} role="alert">
          {failure}
        </p>
      )}
      <SubmitButton pending={pending} label="开始计算" pendingLabel="计算中…" />
    </form>
  );
}
