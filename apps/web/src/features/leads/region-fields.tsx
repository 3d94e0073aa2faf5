// Province and city from the region table (GET /api/regions: "86" lists the provinces, a province's code
// its cities). Values are names, as the lead payloads carry them. A municipality's one city-level entry
// ("市辖区") shows as the municipality itself.
import { useQuery } from "@tanstack/react-query";
import { Messages, routes } from "@yj/contract";
import { useId } from "react";
import { useApi } from "../../lib/api-context";
import { apiQuery } from "../../lib/queries";
import styles from "./lead-form.module.css";

const PROVINCES = "86";

function cityName(name: string, province: string) {
  return name === "市辖区" ? province : name;
}

export function RegionFields({
  province,
  city,
  errors,
  onChange,
}: {
  province: string;
  city: string;
  errors: { province?: string; city?: string };
  onChange(next: { province: string; city: string }): void;
}) {
  const api = useApi();
  const id = useId();
  const { data: provinces = {} } = useQuery(apiQuery(api, routes.regions, { code: PROVINCES }));
  const provinceCode = Object.entries(provinces).find(([, name]) => name === province)?.[0];
  const { data: cities = {} } = useQuery({
    ...apiQuery(api, routes.regions, { code: provinceCode ?? PROVINCES }),
    enabled: provinceCode !== undefined,
  });
  const provinceNames = Object.values(provinces);
  const cityNames = provinceCode ? [...new Set(Object.values(cities).map((n) => cityName(n, province)))] : [];
  // Until the lists arrive, the current choice (the visitor's city) still shows.
  const withCurrent = (names: string[], value: string) => (value && !names.includes(value) ? [value, ...names] : names);

  return (
    <div className={styles.row}>
      <NameSelect
        id={`${id}province`}
        name="province"
        label="省份"
        prompt={Messages.quoteProvince}
        names={withCurrent(provinceNames, province)}
        value={province}
        error={errors.province}
        onChange={(next) => onChange({ province: next, city: "" })}
      />
      <NameSelect
        id={`${id}city`}
        name="city"
        label="城市"
        prompt={Messages.quoteCity}
        names={withCurrent(cityNames, city)}
        value={city}
        error={errors.city}
        onChange={(next) => onChange({ province, city: next })}
      />
    </div>
  );
}

/** A labelled select of names, with its prompt as the empty choice and its error under it. */
function NameSelect(props: {
  id: string;
  name: string;
  label: string;
  prompt: string;
  names: string[];
  value: string;
  error?: string;
  onChange(name: string): void;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        className={styles.select}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{props.prompt}</option>
        {props.names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {props.error && (
        <p className={styles.error} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
