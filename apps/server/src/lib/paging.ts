// One page of a list, the way every paged endpoint answers it (the contract's Page()): the page's
// rows and the count of all rows, asked at once. The query is built by its module; only the window
// and the answer's shape are here.

export interface PageRequest {
  /** 1-based; the back office's lists default to the first page of 20. */
  current?: number;
  pageSize?: number;
}

export interface Page<Item> {
  current: number;
  pageSize: number;
  total: number;
  dataList: Item[];
}

/** A query that still takes its window: drizzle's select before `.limit().offset()`. */
interface Windowable<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

export async function pageOf<Row, Item = Row>(
  request: PageRequest,
  rows: Windowable<Row>,
  count: PromiseLike<{ n: number }[]>,
  itemOf: (row: Row) => Item = (row) => row as unknown as Item,
): Promise<Page<Item>> {
  const current = request.current ?? 1;
  const pageSize = request.pageSize ?? 20;
  const [found, [total]] = await Promise.all([rows.limit(pageSize).offset((current - 1) * pageSize), count]);
  return { current, pageSize, total: total?.n ?? 0, dataList: found.map(itemOf) };
}
