// /my-mark (docs/product.md §2, §3 my_mark_list, §6): the customer's favourites in three tabs — 商品 (the default,
// docs/product.md §2: the first tab), 攻略 and 案例 — each with 取消收藏 and an empty state that leads to browsing.
// Needs a session: a visitor is sent to login and back (the server render shows a login prompt). The open tab is
// the URL's ?tab= (article, example), so it survives a visit to a favourite and Back.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ArticleListItem,
  articlePath,
  FavoriteKind,
  type FavoritesData,
  type GoodsListItem,
  Messages,
  routes,
} from "@yj/contract";
import { type KeyboardEvent, useId, useRef } from "react";
import { type LoaderFunctionArgs, useSearchParams } from "react-router";
import { AppLink } from "../../../components/app-link";
// Reusing the catalogue's card keeps goods looking the same everywhere (an allowed cross-feature import).
import { GoodsCard } from "../../../components/goods-card";
import { Picture } from "../../../components/picture";
import { MY_MARK_ARTICLE_SIZES } from "../../../components/picture-sizes";
import { toast } from "../../../components/toast";
import { useApi } from "../../../lib/api-context";
import { apiQuery } from "../../../lib/queries";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { loginPath } from "../../../session/redirect";
import { useRequireLogin } from "../../../session/require-login";
import { hasSessionCookie } from "../../../session/session";
import styles from "./my-mark-screen.module.css";

export async function loader({ request }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  // Visitors get no call (and no error): the screen itself sends them to login.
  if (hasSessionCookie(request)) await ctx.queryClient.prefetchQuery(apiQuery(ctx.api, routes.favorites));
  return { title: "我的收藏" };
}

type TabKey = keyof FavoritesData;

const TABS: readonly {
  key: TabKey;
  label: string;
  type: FavoriteKind;
  empty: string;
  browse: { to: string; label: string };
}[] = [
  {
    key: "goods",
    label: "商品",
    type: FavoriteKind.GOODS,
    empty: "还没有收藏的商品",
    browse: { to: "/productList", label: "去逛逛" },
  },
  {
    key: "article",
    label: "攻略",
    type: FavoriteKind.ARTICLE,
    empty: "还没有收藏的装修攻略",
    browse: { to: "/decorate-strategy", label: "看看装修攻略" },
  },
  {
    key: "example",
    label: "案例",
    type: FavoriteKind.ARTICLE,
    empty: "还没有收藏的装修案例",
    browse: { to: "/case", label: "看看装修案例" },
  },
];

const COVER_WIDTH = 400;
const COVER_HEIGHT = 300;

function useRemoveFavorite() {
  const api = useApi();
  const queryClient = useQueryClient();
  const favorites = apiQuery(api, routes.favorites);
  return useMutation({
    mutationFn: ({ id, type }: { id: number; type: FavoriteKind; tab: TabKey }) =>
      api.get(routes.removeFavorite, { id, type }),
    onSuccess: (_data, { id, tab }) => {
      toast(Messages.favoriteRemoved, "success");
      // Gone from the list at once; the refetch then confirms it.
      queryClient.setQueryData<FavoritesData>(favorites.queryKey, (old) =>
        old ? { ...old, [tab]: old[tab].filter((item) => item.id !== id) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: favorites.queryKey });
    },
  });
}

export default function MyMarkScreen() {
  const allowed = useRequireLogin();
  const api = useApi();
  const uid = useId();
  // The tab is in the URL (?tab=article): Back from a favourite's detail page returns to the same tab.
  const [search, setSearch] = useSearchParams();
  const tab: TabKey = TABS.find((t) => t.key === search.get("tab"))?.key ?? "goods";
  const setTab = (key: TabKey) => setSearch(key === "goods" ? {} : { tab: key }, { replace: true });
  const tabRefs = useRef(new Map<TabKey, HTMLButtonElement>());
  const { data, isError, refetch } = useQuery({ ...apiQuery(api, routes.favorites), enabled: allowed });
  const remove = useRemoveFavorite();

  if (!allowed) {
    return (
      <div className={`container ${styles.screen}`}>
        <h1 className={styles.title}>我的收藏</h1>
        <p className="empty">
          登录后查看收藏的商品、攻略和案例。<AppLink to={loginPath("/my-mark")}>去登录</AppLink>
        </p>
      </div>
    );
  }

  const onTabKey = (e: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.key === tab);
    const next =
      e.key === "ArrowRight"
        ? TABS[(i + 1) % TABS.length]
        : e.key === "ArrowLeft"
          ? TABS[(i - 1 + TABS.length) % TABS.length]
          : e.key === "Home"
            ? TABS[0]
            : e.key === "End"
              ? TABS.at(-1)
              : undefined;
    if (!next) return;
    e.preventDefault();
    setTab(next.key);
    tabRefs.current.get(next.key)?.focus();
  };

  const current = TABS.find((t) => t.key === tab) ?? TABS[0]!;
  const items: readonly (GoodsListItem | ArticleListItem)[] = data?.[tab] ?? [];
  const removing = (id: number) => remove.isPending && remove.variables?.id === id;
  const removeButton = (id: number, name: string) => (
    <button
      type="button"
      className={styles.remove}
      disabled={removing(id)}
      aria-label={`取消收藏：${name}`}
      onClick={() => remove.mutate({ id, type: current.type, tab })}
    >
      {removing(id) ? "取消中…" : "取消收藏"}
    </button>
  );

  return (
    <div className={`container ${styles.screen}`}>
      <h1 className={styles.title}>我的收藏</h1>
      <div className={styles.tabs} role="tablist" aria-label="收藏分类">
        {TABS.map((t) => (
          <button
            key={t.key}
            ref={(el) => {
              if (el) tabRefs.current.set(t.key, el);
              else tabRefs.current.delete(t.key);
            }}
            type="button"
            role="tab"
            id={`${uid}tab-${t.key}`}
            aria-selected={t.key === tab}
            aria-controls={`${uid}panel`}
            tabIndex={t.key === tab ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(t.key)}
            onKeyDown={onTabKey}
          >
            {t.label}
            {data && <span className={styles.count}>{data[t.key].length}</span>}
          </button>
        ))}
      </div>

      <div id={`${uid}panel`} role="tabpanel" aria-labelledby={`${uid}tab-${tab}`} className={styles.panel}>
        {/* The cards' titles are h3: the panel's own h2 keeps the outline in order (h1, h2, h3). */}
        <h2 className="visually-hidden">收藏的{current.label}</h2>
        {!data ? (
          isError ? (
            <div className="empty">
              收藏加载失败。
              <button type="button" className={styles.retry} onClick={() => void refetch()}>
                重试
              </button>
            </div>
          ) : (
            <p className="empty" aria-busy="true">
              正在加载收藏…
            </p>
          )
        ) : items.length === 0 ? (
          <div className={`empty ${styles.empty}`}>
            <p>{current.empty}</p>
            <AppLink to={current.browse.to} className="btn btn-ghost">
              {current.browse.label}
            </AppLink>
          </div>
        ) : tab === "goods" ? (
          <ul className={styles.goodsGrid}>
            {data.goods.map((g, i) => (
              <li key={g.id}>
                <GoodsCard goods={g} loading={i < 4 ? "eager" : "lazy"} />
                {removeButton(g.id, g.name)}
              </li>
            ))}
          </ul>
        ) : (
          <ul className={styles.articleGrid}>
            {data[tab].map((a) => (
              <li key={a.id}>
                <ArticleCard article={a} />
                {removeButton(a.id, a.title)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** Guides show their stage and date; cases their style, layout, area and city. */
export function articleFacts(a: ArticleListItem): string {
  const facts =
    a.style || a.layout || a.areaM2 || a.city ? [a.style, a.layout, a.areaM2 && `${a.areaM2}㎡`, a.city] : [];
  if (facts.length === 0) facts.push(a.tagName, a.publishedAt.slice(0, 10));
  return facts.filter(Boolean).join(" · ");
}

function ArticleCard({ article: a }: { article: ArticleListItem }) {
  return (
    <AppLink to={articlePath(a.id)} className={styles.article}>
      <div className={styles.articleCover}>
        <Picture src={a.cover} alt={a.title} width={COVER_WIDTH} height={COVER_HEIGHT} sizes={MY_MARK_ARTICLE_SIZES} />
      </div>
      <div className={styles.articleBody}>
        <h3 className={styles.articleTitle}>{a.title}</h3>
        {a.summary && <p className={styles.summary}>{a.summary}</p>}
        <p className={styles.facts}>{articleFacts(a)}</p>
      </div>
    </AppLink>
  );
}
