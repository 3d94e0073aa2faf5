// The covered cities (the storefront's city list) as choices for a province or city field; typing
// another name stays possible, since a banner or store may come before its city is listed.
import { routes as shopRoutes } from "@yj/contract";
import { get } from "../api";
import { useLoad } from "../use-load";

export function useCityOptions() {
  const { data } = useLoad(() => get(shopRoutes.cityList));
  const cities = (data ?? []).map((c) => c.content);
  const provinces = [...new Set(cities.map((c) => c.province))];
  return {
    provinceOptions: provinces.map((p) => ({ value: p })),
    cityOptions: (province?: string) =>
      cities.filter((c) => !province || c.province === province).map((c) => ({ value: c.city })),
    provinceOf: (city: string) => cities.find((c) => c.city === city)?.province,
  };
}
