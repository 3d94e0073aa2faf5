// docs/product.md §4 list rules for product and goods lists (and the store and article lists that append):
// page 1 (current 1) replaces the list, any later page is appended; there is more to load only while
// the last page came back full (length ≥ pageSize). Pure functions, shared by every paged screen.
import { PAGE_SIZE } from "@yj/contract";

/** One page as the API returns it (docs/product.md §3: current, pageSize; dataList and total). */
export interface PageLike<T> {
  dataList: T[];
  current: number;
  pageSize: number;
  total?: number;
}

/** docs/product.md §4: current 1 restarts the list; later pages append. Items already shown are not repeated. */
export function mergePage<T extends { id: number }>(list: readonly T[], page: readonly T[], current: number): T[] {
  if (current <= 1) return [...page];
  const seen = new Set(list.map((item) => item.id));
  // Offset paging can repeat an item when the list changed between two requests: show it once.
  return [...list, ...page.filter((item) => !seen.has(item.id))];
}

/** Every loaded page, in order, merged by the same rule. */
export function flattenPages<T extends { id: number }>(pages: readonly PageLike<T>[]): T[] {
  return pages.reduce<T[]>((list, page) => mergePage(list, page.dataList, page.current), []);
}

/**
 * docs/product.md §4 fetching flag: more to load only while the last page was full (length ≥ pageSize).
 * When the total is known, a full last page that already reaches it ends the list too (no empty click).
 */
export function hasMore(
  lastPageLength: number,
  pageSize: number = PAGE_SIZE,
  loaded?: number,
  total?: number,
): boolean {
  if (lastPageLength < pageSize) return false;
  if (loaded !== undefined && total !== undefined && loaded >= total) return false;
  return true;
}

/** TanStack getNextPageParam from the rules: the next page number, or undefined when the list is complete. */
export function nextPageParam<T>(lastPage: PageLike<T>, allPages: readonly PageLike<T>[]): number | undefined {
  // A list that starts at a later page (a URL's current) has the pages before it behind it, not loaded.
  const first = allPages[0];
  const skipped = first ? (first.current - 1) * first.pageSize : 0;
  const loaded = allPages.reduce((n, p) => n + p.dataList.length, skipped);
  return hasMore(lastPage.dataList.length, lastPage.pageSize, loaded, lastPage.total)
    ? lastPage.current + 1
    : undefined;
}
