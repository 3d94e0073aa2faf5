// The 排序 row of a goods list (category and search screens): one tab per sort, each a link to the
// same list sorted that way.
import type { GoodsSort } from "@yj/contract";
import { FilterRow } from "../../../components/filter-row";
import { SORTS } from "../listing-target";

export function SortRow({ active, hrefOf }: { active: GoodsSort; hrefOf(sort: GoodsSort): string }) {
  return (
    <FilterRow
      label="排序"
      kind="sort"
      choices={SORTS.map((s) => ({ key: s.value, label: s.label, to: hrefOf(s.value), active: s.value === active }))}
    />
  );
}
