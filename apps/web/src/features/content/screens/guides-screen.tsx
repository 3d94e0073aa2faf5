// /decorate-strategy (docs/product.md §2): the decoration guides, filtered by stage tag (GET
// /api/article/query_all_tag), appended page by page (docs/product.md §4). Cards: cover, title, summary, tag, date.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { LoaderFunctionArgs } from "react-router";
import { FilterRow, Filters } from "../../../components/filter-row";
import { useApi } from "../../../lib/api-context";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { useScreenSearchParams } from "../../../lib/screen-location";
import { articlePagesQuery, articleTagsQuery, guideListFilter, parseGuideTag } from "../api/article-queries";
import { PagedArticles } from "../components/paged-articles";
import styles from "./content-list.module.css";
import { ContentListHead } from "./content-list-head";

export async function loader({ request }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  const tagId = parseGuideTag(new URL(request.url).searchParams);
  const [tags] = await Promise.all([
    ctx.queryClient.ensureQueryData(articleTagsQuery(ctx.api)),
    ctx.queryClient.ensureInfiniteQueryData(articlePagesQuery(ctx.api, guideListFilter(tagId))),
  ]);
  const tag = tags.find((t) => t.id === tagId);
  return {
    title: tag ? `装修攻略：${tag.name}` : "装修攻略",
    description: `${tag ? `${tag.name}阶段的` : ""}装修攻略：从收房验房、设计预算到施工、软装与入住，悦家整装设计师分享的实用经验。`,
  };
}

export default function GuidesScreen() {
  const api = useApi();
  const tagId = parseGuideTag(useScreenSearchParams());
  const { data: tags = [] } = useQuery(articleTagsQuery(api));
  const query = useInfiniteQuery(articlePagesQuery(api, guideListFilter(tagId)));
  const tag = tags.find((t) => t.id === tagId);
  const total = query.data?.pages.at(-1)?.total;

  return (
    <div className={`container ${styles.screen}`}>
      <ContentListHead
        title="装修攻略"
        lead={
          <>
            {tag ? `${tag.name}阶段` : "全部阶段"}共 {total ?? "…"} 篇攻略，装修每一步的要点与避坑经验
          </>
        }
      />
      <Filters>
        <FilterRow
          kind="filter"
          label="阶段"
          choices={[
            { key: "all", label: "全部", to: "/decorate-strategy", active: tagId === undefined },
            ...tags.map((t) => ({
              key: String(t.id),
              label: t.name,
              to: `/decorate-strategy?tagId=${t.id}`,
              active: t.id === tagId,
            })),
          ]}
        />
      </Filters>
      <PagedArticles
        query={query}
        kind="guide"
        empty={tag ? `${tag.name}阶段暂无攻略` : "暂无攻略"}
        clearTo={tagId !== undefined ? "/decorate-strategy" : undefined}
      />
    </div>
  );
}
