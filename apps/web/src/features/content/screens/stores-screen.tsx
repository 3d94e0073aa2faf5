// /all-store (docs/product.md §2): the nationwide stores, filtered by city, appended page by page (docs/product.md §4: store
// lists append). Each card: image, name, address, phone (tel: link), opening hours.

import { infiniteQueryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type CityConfig, routes, type Store } from "@yj/contract";
import { useMemo } from "react";
import { type LoaderFunctionArgs, useNavigate } from "react-router";
import { AppLink } from "../../../components/app-link";
import { Breadcrumb } from "../../../components/breadcrumb";
import { LoadFailed, PagedFoot } from "../../../components/load-more";
import { Picture } from "../../../components/picture";
import { CARD_GRID_SIZES } from "../../../components/picture-sizes";
import type { ApiClient } from "../../../lib/api-client";
import { useApi } from "../../../lib/api-context";
import { nextPageParam } from "../../../lib/list-rules";
import { useLoadedItems } from "../../../lib/loaded-items";
import { apiQuery } from "../../../lib/queries";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { useScreenSearchParams } from "../../../lib/screen-location";
import { searchText } from "../../../lib/search-text";
import { breadcrumbJsonLd, storeJsonLd } from "../../../lib/structured-data";
import styles from "./stores-screen.module.css";

export const STORE_PAGE_SIZE = 12;
const MAX_CITY = 20;
const STORES_TRAIL = [{ label: "全国门店" }];
const IMAGE_WIDTH = 480;
const IMAGE_HEIGHT = 320;

function parseCity(search: URLSearchParams): string {
  return searchText(search, "city", MAX_CITY);
}

export function storePagesQuery(api: ApiClient, city: string) {
  return infiniteQueryOptions({
    queryKey: ["store-pages", city],
    queryFn: ({ pageParam }) =>
      api.get(routes.stores, { current: pageParam, pageSize: STORE_PAGE_SIZE, city: city || undefined }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

const cityListQuery = (api: ApiClient) => apiQuery(api, routes.cityList, { type: "1" });

export async function loader({ request }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  const city = parseCity(new URL(request.url).searchParams);
  const [, stores, settings] = await Promise.all([
    ctx.queryClient.ensureQueryData(cityListQuery(ctx.api)),
    ctx.queryClient.ensureInfiniteQueryData(storePagesQuery(ctx.api, city)),
    ctx.queryClient.ensureQueryData(apiQuery(ctx.api, routes.siteSettings)),
  ]);
  const canonical = city ? `/all-store?city=${encodeURIComponent(city)}` : "/all-store";
  const firstPage = stores.pages[0]?.dataList ?? [];
  return {
    title: city ? `全国门店：${city}` : "全国门店",
    canonical,
    ogImage: firstPage[0]?.image || undefined,
    jsonLd: [
      breadcrumbJsonLd(STORES_TRAIL, canonical),
      ...firstPage.map((store) => storeJsonLd(store, settings.brandName, canonical)),
    ],
    description: `${city || "全国"}${settings.brandName}门店地址、电话与营业时间，欢迎到店体验样板间与主材展厅。`,
  };
}

/** Covered cities by province, in the list's order. */
function byProvince(configs: readonly CityConfig[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const { content } of configs) {
    const list = groups.get(content.province) ?? [];
    if (!list.includes(content.city)) list.push(content.city);
    groups.set(content.province, list);
  }
  return [...groups];
}

/** A phone number as a tel: URI (digits, and + for international numbers). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** The address with its city in front, unless it already names it. */
export function fullAddress({ city, address }: Pick<Store, "city" | "address">): string {
  return address.includes(city) || address.includes(city.replace(/市$/, "")) ? address : `${city}${address}`;
}

function StoreCard({ store, eager }: { store: Store; eager: boolean }) {
  return (
    <article className={styles.card}>
      <div className={styles.image}>
        <Picture
          src={store.image}
          alt={store.name}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          sizes={CARD_GRID_SIZES}
          loading={eager ? "eager" : "lazy"}
        />
        <span className={styles.city}>{store.city}</span>
      </div>
      <div className={styles.body}>
        <h2 className={styles.name}>{store.name}</h2>
        <dl className={styles.facts}>
          <div>
            <dt>地址</dt>
            <dd>{fullAddress(store)}</dd>
          </div>
          <div>
            <dt>电话</dt>
            <dd>
              <a href={telHref(store.phone)}>{store.phone}</a>
            </dd>
          </div>
          <div>
            <dt>营业</dt>
            <dd>{store.hours}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}

export default function StoresScreen() {
  const api = useApi();
  const navigate = useNavigate();
  const city = parseCity(useScreenSearchParams());
  const { data: cityConfigs = [] } = useQuery(cityListQuery(api));
  const provinces = useMemo(() => byProvince(cityConfigs), [cityConfigs]);
  const known = provinces.some(([, cities]) => cities.includes(city));
  const query = useInfiniteQuery(storePagesQuery(api, city));
  const { items: stores, total } = useLoadedItems(query.data?.pages);

  const choose = (next: string) => navigate(next ? `/all-store?city=${encodeURIComponent(next)}` : "/all-store");

  return (
    <div className={`container ${styles.screen}`}>
      <Breadcrumb trail={STORES_TRAIL} />
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>全国门店</h1>
          <p className={styles.lead}>
            {city ? `${city}` : "全国"}共 {query.isSuccess ? total : "…"} 家门店，到店可体验实景样板间与主材展厅
          </p>
        </div>
        {/* Works without JavaScript too: the form submits ?city=…; with it, a change navigates at once. */}
        <form
          action="/all-store"
          method="get"
          className={styles.filter}
          onSubmit={(e) => {
            e.preventDefault();
            choose(String(new FormData(e.currentTarget).get("city") ?? ""));
          }}
        >
          <label htmlFor="store-city">城市</label>
          <select id="store-city" name="city" value={city} onChange={(e) => choose(e.target.value)}>
            <option value="">全部城市</option>
            {city && !known && <option value={city}>{city}</option>}
            {provinces.map(([province, cities]) => (
              <optgroup key={province} label={province}>
                {cities.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <noscript>
            <button type="submit" className="btn">
              筛选
            </button>
          </noscript>
        </form>
      </header>

      {query.isPending ? (
        <ul className={styles.grid} aria-busy="true" aria-label="加载中">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i} className={styles.placeholder} />
          ))}
        </ul>
      ) : query.isError && stores.length === 0 ? (
        <LoadFailed message={query.error.message || "门店加载失败"} onRetry={() => void query.refetch()} />
      ) : stores.length === 0 ? (
        <div className="empty">
          <p>{city ? `${city}暂未开设门店，敬请期待` : "暂无门店"}</p>
          {city && (
            <AppLink to="/all-store" className="btn btn-ghost">
              查看全部门店
            </AppLink>
          )}
        </div>
      ) : (
        <>
          <ul className={styles.grid} aria-label="门店列表">
            {stores.map((s, i) => (
              <li key={s.id}>
                <StoreCard store={s} eager={i < 3} />
              </li>
            ))}
          </ul>
          <PagedFoot query={query} shown={stores.length} total={total} unit="家门店" />
        </>
      )}
    </div>
  );
}
