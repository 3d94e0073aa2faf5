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
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}province`}>
          省份
        </label>
        <select
          id={`${id}province`}
          name="province"
          className={styles.select}
          value={province}
          aria-invalid={errors.province ? true : undefined}
          onChange={(e) => onChange({ province: e.target.value, city: "" })}
        >
          <option value="">{Messages.quoteProvince}</option>
          {withCurrent(provinceNames, province).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {errors.province && (
          <p className={styles.error} role="alert">
            {errors.province}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}city`}>
          城市
        </label>
        <select
          id={`${id}city`}
          name="city"
          className={styles.select}
          value={city}
          aria-invalid={errors.city ? true : undefined}
          onChange={(e) => onChange({ province, city: e.target.value })}
        >
          <option value="">{Messages.quoteCity}</option>
          {withCurrent(cityNames, city).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {errors.city && (
          <p className={styles.error} role="alert">
            {errors.city}
          </p>
        )}
      </div>
    </div>
  );
}
