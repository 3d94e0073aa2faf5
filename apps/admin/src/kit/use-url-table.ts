// A list page's state lives in the address (filters, page, page size), so a list can be shared,
// reloaded and gone back to; the rows are loaded again whenever the address changes (docs/decisions/0042).
import type { DataOf, EndpointOf, QueryOf, Route } from "@yj/contract";
import type { TablePaginationConfig } from "antd";
import { useSearchParams } from "react-router";
import { get } from "../api";
import { useLoad } from "../use-load";
import { type DateRange, fromTo, rangeOf } from "./date-range";

/** A list's answer is every row at once, or one page of the contract's Page(): its rows' type. */
export type RowOf<D> = D extends readonly (infer T)[] ? T : D extends { dataList: (infer T)[] } ? T : never;

export type Filter<K extends string> = Partial<Record<K, string>>;

const DEFAULT_PAGE_SIZE = 20;

/** The rows of a list endpoint (`routes.adminGoodsList`) for the filters named `filterKeys` in the address. */
export function useUrlTable<R extends Route, K extends string>(route: R, filterKeys: readonly K[]) {
  type T = RowOf<DataOf<EndpointOf<R>>>;
  const [params, setParams] = useSearchParams();
  const found: Filter<K> = {};
  for (const k of filterKeys) {
    const value = params.get(k);
    if (value) found[k] = value;
  }
  // The address's values are text as typed; the endpoint's query schema checks and coerces them (a list
  // that is not paged ignores current and pageSize).
  const filter = found as Filter<K> & QueryOf<EndpointOf<R>>;
  const current = Number(params.get("current") ?? 1) || 1;
  const pageSize = Number(params.get("pageSize") ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE;
  // The address is the key: the filter form starts again from it, and the rows load again on it.
  const key = params.toString();
  const query = { ...filter, current, pageSize } as QueryOf<EndpointOf<R>>;
  const { data, loading, error, reload } = useLoad(
    () => get(route, query) as Promise<T[] | { dataList: T[]; total: number }>,
    key,
  );

  /**
   * A new search: the filled filters (trimmed) go into the address, and the list starts at page one. A
   * `dates` range (DatesFilter) becomes the address's from and to.
   */
  const apply = (values: Partial<Record<K, unknown>> & { dates?: DateRange }) => {
    const next = new URLSearchParams();
    const all: Record<string, unknown> = { ...values, ...("dates" in values ? fromTo(values.dates) : {}) };
    for (const k of filterKeys) {
      const value = String(all[k] ?? "").trim();
      if (value) next.set(k, value);
    }
    setParams(next);
  };
  const reset = () => setParams(new URLSearchParams());

  const paged = data !== null && !Array.isArray(data);
  const rows: T[] = data === null ? [] : Array.isArray(data) ? data : data.dataList;
  const pagination: TablePaginationConfig | false = paged && {
    current,
    pageSize,
    total: data.total,
    showTotal: (total) => `共 ${total} 条`,
    onChange: (page, size) => {
      const next = new URLSearchParams(params);
      next.set("current", String(page));
      next.set("pageSize", String(size));
      setParams(next);
    },
  };
  /** The filter form's first values: the address's, from and to as the `dates` range. */
  const initialValues = { ...filter, dates: rangeOf(found) };
  return { filter, initialValues, key, apply, reset, rows, loading, error, reload, pagination };
}

export interface UrlTable<T> {
  filter: object;
  initialValues: object;
  key: string;
  apply(values: Record<string, unknown>): void;
  reset(): void;
  rows: T[];
  loading: boolean;
  error: string | null;
  reload(): void;
  pagination: TablePaginationConfig | false;
}
