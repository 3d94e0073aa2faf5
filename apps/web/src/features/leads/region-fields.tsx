// Province and city from the region table (GET /api/regions: "86" lists the provinces, a province's code
// its cities). Values are names, as the lead payloads carry them. A municipality's one city-level entry
// ("市辖区") shows as the municipality itself.
import { useQuery } from "@tanstack/react-query";
import { Messages, routes } from "@yj/contract";
import { useApi } from "../../lib/api-context";
import { apiQuery } from "../../lib/queries";
import { SelectField } from "./lead-fields";
import styles from "./lead-form.module.css";

const PROVINCES = "86";
type Level = "province" | "city";
const LEVELS: readonly { key: Level; label: string; prompt: string }[] = [
  { key: "province", label: "省份", prompt: Messages.quoteProvince },
  { key: "city", label: "城市", prompt: Messages.quoteCity },
];

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
  errors: Partial<Record<Level, string>>;
  onChange(next: { province: string; city: string }): void;
}) {
  const api = useApi();
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

  const lists: Record<Level, string[]> = {
    province: withCurrent(provinceNames, province),
    city: withCurrent(cityNames, city),
  };
  const choose = (level: Level, name: string) =>
    onChange(level === "province" ? { province: name, city: "" } : { province, city: name });

  return (
    <div className={styles.row}>
      {LEVELS.map(({ key, label, prompt }) => (
        <SelectField
          key={key}
          label={label}
          name={key}
          value={key === "province" ? province : city}
          error={errors[key]}
          onChange={(name) => choose(key, name)}
        >
          <option value="">{prompt}</option>
          {lists[key].map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      ))}
    </div>
  );
}
