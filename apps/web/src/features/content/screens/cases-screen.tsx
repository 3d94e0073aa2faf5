// /case (docs/product.md §2): the case library with the filters a home owner uses — style, layout (rooms), area
// band, budget band and city (docs/decisions/0027) — appended page by page (docs/product.md §4). Styles and
// cities come from the data; rooms and bands from the contract. Cards: photo, title and facts.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { CASE_AREA_BANDS, CASE_BUDGET_BANDS, CASE_ROOM_OPTIONS, type CaseFilterOption } from "@yj/contract";
import type { LoaderFunctionArgs } from "react-router";
import { type FilterChoice, FilterRow, Filters } from "../../../components/filter-row";
import { useApi } from "../../../lib/api-context";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { useScreenSearchParams } from "../../../lib/screen-location";
import {
  articlePagesQuery,
  type CaseFilterName,
  type CaseSelection,
  caseFiltersQuery,
  caseHref,
  caseListFilter,
  hasCaseFilter,
  parseCaseSelection,
} from "../api/article-queries";
import { PagedArticles } from "../components/paged-articles";
import styles from "./content-list.module.css";
import { ContentListHead } from "./content-list-head";

/** The fixed choices of the 户型, 面积 and 预算 filters (the contract's bands). */
const ROOM_CHOICES = CASE_ROOM_OPTIONS.map((o) => ({ value: o.rooms, label: o.label }));
const AREA_CHOICES = CASE_AREA_BANDS.map((b) => ({ value: b.key, label: b.label }));
const BUDGET_CHOICES = CASE_BUDGET_BANDS.map((b) => ({ value: b.key, label: b.label }));

/** The labels of a selection, for the title and the lead line. */
function selectionLabels(s: CaseSelection): string[] {
  return [
    s.city,
    s.style,
    CASE_ROOM_OPTIONS.find((o) => o.rooms === s.rooms)?.label,
    CASE_AREA_BANDS.find((b) => b.key === s.area)?.label,
    CASE_BUDGET_BANDS.find((b) => b.key === s.budget)?.label,
  ].filter((l): l is string => Boolean(l));
}

export async function loader({ request }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  const selection = parseCaseSelection(new URL(request.url).searchParams);
  await Promise.all([
    ctx.queryClient.ensureQueryData(caseFiltersQuery(ctx.api)),
    ctx.queryClient.ensureInfiniteQueryData(articlePagesQuery(ctx.api, caseListFilter(selection))),
  ]);
  const labels = selectionLabels(selection);
  return {
    title: labels.length ? `装修案例：${labels.join(" ")}` : "装修案例",
    description: `${labels.join("、") || "各种风格、户型与预算"}的真实装修案例：户型面积、造价明细、设计师思路与案例图片，找到和你家相近的方案。`,
  };
}

export default function CasesScreen() {
  const api = useApi();
  const selection = parseCaseSelection(useScreenSearchParams());
  const { data: options } = useQuery(caseFiltersQuery(api));
  const query = useInfiniteQuery(articlePagesQuery(api, caseListFilter(selection)));
  const total = query.data?.pages.at(-1)?.total;
  const labels = selectionLabels(selection);
  const filtered = hasCaseFilter(selection);

  /** "全部" plus the choices of one filter. */
  const chips = (name: CaseFilterName, choices: { value: string | number; label: string }[]): FilterChoice[] => [
    { key: "all", label: "全部", to: caseHref(selection, name, undefined), active: selection[name] === undefined },
    ...choices.map((c) => ({
      key: String(c.value),
      label: c.label,
      to: caseHref(selection, name, c.value),
      active: selection[name] === c.value,
    })),
  ];
  /** Options from the data; a value in the URL that no case has yet stays visible, so it can be unset. */
  const fromData = (list: readonly CaseFilterOption[] | undefined, chosen: string | undefined) => {
    const values = (list ?? []).map((o) => o.value);
    if (chosen && !values.includes(chosen)) values.unshift(chosen);
    return values.map((v) => ({ value: v, label: v }));
  };

  return (
    <div className={`container ${styles.screen}`}>
      <ContentListHead
        title="装修案例"
        lead={
          <>
            {labels.length ? labels.join(" · ") : "全部案例"}：共 {total ?? "…"}{" "}
            个真实案例，户型、造价与设计思路一目了然
          </>
        }
      />
      <Filters>
        <FilterRow kind="filter" label="风格" choices={chips("style", fromData(options?.styles, selection.style))} />
        <FilterRow kind="filter" label="户型" choices={chips("rooms", ROOM_CHOICES)} />
        <FilterRow kind="filter" label="面积" choices={chips("area", AREA_CHOICES)} />
        <FilterRow kind="filter" label="预算" choices={chips("budget", BUDGET_CHOICES)} />
        <FilterRow kind="filter" label="城市" choices={chips("city", fromData(options?.cities, selection.city))} />
      </Filters>
      <PagedArticles
        query={query}
        kind="case"
        empty="没有符合条件的案例，换个条件试试"
        clearTo={filtered ? "/case" : undefined}
      />
    </div>
  );
}
