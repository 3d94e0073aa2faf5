// What an infinite list has loaded so far: its pages' items merged by the list rules (lib/list-rules.ts)
// and the total its last page told. The goods, article and store lists read it the same way.
import { useMemo } from "react";
import { flattenPages, type PageLike } from "./list-rules";

export interface LoadedItems<T> {
  items: T[];
  total: number;
}

const NO_PAGES: readonly PageLike<never>[] = [];

export function useLoadedItems<T extends { id: number }>(pages: readonly PageLike<T>[] | undefined): LoadedItems<T> {
  const loaded = pages ?? NO_PAGES;
  const items = useMemo(() => flattenPages(loaded), [loaded]);
  return { items, total: loaded.at(-1)?.total ?? 0 };
}
