// The delivery address (ADR 0023): receiver, phone, the four region levels from the region table
// (GET /api/regions: "86" → provinces → cities → districts → towns) and the street line. Values are names,
// as the order keeps them; regionCode is the deepest level chosen. Districts without towns hide that level.
// Shared by checkout and 我的数据's saved-address correction (docs/decisions/0076).
import { useQuery } from "@tanstack/react-query";
import { Address, type AddressInput, PHONE_LENGTH, routes } from "@yj/contract";
import { type ComponentProps, useId } from "react";
import { useApi } from "../lib/api-context";
import { apiQuery } from "../lib/queries";
import styles from "./address-fields.module.css";
import { controlProps, LabelledField } from "./labelled-field";

export type AddressValues = Required<Omit<AddressInput, "regionCode">> & { regionCode?: string };
export type AddressErrors = Partial<Record<keyof AddressValues, string>>;

export const EMPTY_ADDRESS: AddressValues = {
  name: "",
  phone: "",
  province: "",
  city: "",
  district: "",
  town: "",
  detail: "",
};

/** The contract's messages, first one per field; null when the address is valid. */
export function addressErrors(values: AddressValues): AddressErrors | null {
  const parsed = Address.safeParse(values);
  if (parsed.success) return null;
  const errors: AddressErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AddressValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

const ROOT = "86";
type Level = "province" | "city" | "district" | "town";
const LEVELS: readonly { key: Level; label: string; placeholder: string }[] = [
  { key: "province", label: "省", placeholder: "请选择省" },
  { key: "city", label: "市", placeholder: "请选择市" },
  { key: "district", label: "区县", placeholder: "请选择区县" },
  { key: "town", label: "乡镇街道", placeholder: "请选择乡镇街道" },
];

/** A municipality's one city-level entry ("市辖区") shows as the municipality itself. */
const shown = (name: string, parent: string) => (name === "市辖区" ? parent : name);

function useChildren(code: string | undefined) {
  const api = useApi();
  // Leaf districts answer 404 (no towns): quiet, the level is then left out.
  const { data } = useQuery({
    ...apiQuery(api, routes.regions, { code: code ?? ROOT }),
    enabled: code !== undefined,
    meta: { quiet: true },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return code === undefined ? undefined : data;
}

type TextFieldName = "name" | "phone" | "detail";
const TEXT_FIELDS: Record<TextFieldName, { label: string } & ComponentProps<"input">> = {
  name: { label: "收货人", autoComplete: "name", maxLength: 20 },
  phone: { label: "手机号", type: "tel", inputMode: "numeric", autoComplete: "tel", maxLength: PHONE_LENGTH },
  detail: {
    label: "详细地址",
    autoComplete: "street-address",
    maxLength: 120,
    placeholder: "街道、小区、楼栋、门牌号",
  },
};
const digitsOnly = (text: string) => text.replace(/\D/g, "").slice(0, PHONE_LENGTH);

export function AddressFields({
  values,
  errors,
  onChange,
}: {
  values: AddressValues;
  errors: AddressErrors;
  onChange(patch: Partial<AddressValues>): void;
}) {
  const id = useId();
  const provinces = useChildren(ROOT);
  const find = (list: Record<string, string> | undefined, name: string, parent: string) =>
    list ? Object.entries(list).find(([, n]) => shown(n, parent) === name)?.[0] : undefined;
  const provinceCode = find(provinces, values.province, "");
  const cities = useChildren(provinceCode);
  const cityCode = find(cities, values.city, values.province);
  const districts = useChildren(cityCode);
  const districtCode = find(districts, values.district, values.city);
  const towns = useChildren(districtCode);
  const townCode = find(towns, values.town, values.district);

  const lists: Record<Level, { list: Record<string, string> | undefined; code?: string; parent: string }> = {
    province: { list: provinces, code: provinceCode, parent: "" },
    city: { list: cities, code: cityCode, parent: values.province },
    district: { list: districts, code: districtCode, parent: values.city },
    town: { list: towns, code: townCode, parent: values.district },
  };
  const choose = (level: Level, code: string) => {
    if (code.startsWith("current:")) return;
    const { list, parent } = lists[level];
    const name = code && list?.[code] ? shown(list[code], parent) : "";
    const below = LEVELS.slice(LEVELS.findIndex((l) => l.key === level) + 1).map((l) => [l.key, ""]);
    const parentCode = { province: undefined, city: provinceCode, district: cityCode, town: districtCode }[level];
    onChange({ ...Object.fromEntries(below), [level]: name, regionCode: code || parentCode });
  };
  const textField = (field: TextFieldName) => (
    <TextField
      {...TEXT_FIELDS[field]}
      id={`${id}${field}`}
      name={field}
      error={errors[field]}
      value={values[field]}
      onChange={(e) => onChange({ [field]: field === "phone" ? digitsOnly(e.target.value) : e.target.value })}
    />
  );

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>收货信息</legend>
      <div className={styles.row2}>
        {textField("name")}
        {textField("phone")}
      </div>
      <div className={styles.row4}>
        {LEVELS.map(({ key, label, placeholder }) => {
          const { list, code, parent } = lists[key];
          // No towns under this district (or not chosen yet): the level is not asked for.
          if (key === "town" && (!list || Object.keys(list).length === 0)) return null;
          const current = values[key];
          return (
            <Field key={key} id={`${id}${key}`} label={label} error={errors[key]}>
              <select
                {...controlProps(`${id}${key}`, errors[key])}
                className={styles.select}
                name={key}
                value={code ?? (current ? `current:${current}` : "")}
                disabled={!list}
                onChange={(e) => choose(key, e.target.value)}
              >
                <option value="">{placeholder}</option>
                {/* A remembered name the list does not (yet) hold still shows. */}
                {current && !code && <option value={`current:${current}`}>{current}</option>}
                {Object.entries(list ?? {}).map(([c, n]) => (
                  <option key={c} value={c}>
                    {shown(n, parent)}
                  </option>
                ))}
              </select>
            </Field>
          );
        })}
      </div>
      {textField("detail")}
    </fieldset>
  );
}

/** A labelled field of the commerce forms, in their look. */
export function Field(props: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return <LabelledField {...props} classes={styles} />;
}

/** A labelled text input with its message, wired by one id. */
function TextField({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string } & Omit<ComponentProps<"input">, "id" | "className">) {
  return (
    <Field id={id} label={label} error={error}>
      <input {...input} {...controlProps(id, error)} className={styles.input} />
    </Field>
  );
}
