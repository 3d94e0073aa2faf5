// Home (docs/product.md §2): banner carousel for the city, category entries, featured goods per level-2
// category, packages, and teasers of cases and guides.

import { useQuery } from "@tanstack/react-query";
import {
  ArticleType,
  articlePath,
  type GoodsCategory,
  MENU_CATEGORY_IDS,
  routes,
  type SiteSettings,
} from "@yj/contract";
import { type ReactNode, Suspense } from "react";
import type { LoaderFunctionArgs } from "react-router";
import { AppLink } from "../../components/app-link";
import { CategoryIcon } from "../../components/category-icon";
import { GoodsCard } from "../../components/goods-card";
import { BookingButton, EstimateButton } from "../../components/lead-buttons";
import { Picture } from "../../components/picture";
import { HOME_CASE_SIZES } from "../../components/picture-sizes";
import type { ApiClient } from "../../lib/api-client";
import { useApi } from "../../lib/api-context";
import { categoryHref } from "../../lib/category-routes";
import { cityOfRequest } from "../../lib/city-of-request";
import { formatDate } from "../../lib/format";
import { apiQuery } from "../../lib/queries";
import type { RouteContext, RouteMeta } from "../../lib/route-context";
import { useAppState } from "../../lib/store";
import { organizationJsonLd, SITE_LOGO } from "../../lib/structured-data";
import { BannerCarousel, bannerPreload } from "./banner-carousel";
import styles from "./home-screen.module.css";

/** Level-2 categories with a featured row on home, in menu order; packages (6) get their own row. */
const FEATURED_IDS = MENU_CATEGORY_IDS.filter((id) => id !== 6);
const PACKAGES_ID = 6;
const FEATURED_COUNT = 4;

const homeQueries = (api: ApiClient) => ({
  featured: (category2: number) =>
    apiQuery(api, routes.goodsIndex, { category2, pageSize: FEATURED_COUNT, sort: "sales" }),
  packages: apiQuery(api, routes.goodsIndex, { category2: PACKAGES_ID, pageSize: FEATURED_COUNT }),
  cases: apiQuery(api, routes.articleList, { type: String(ArticleType.CASE) as "2", pageSize: 3 }),
  guides: apiQuery(api, routes.articleList, { type: String(ArticleType.GUIDE) as "1", pageSize: 6 }),
  banners: (city: string, province: string) => apiQuery(api, routes.banners, { city, province }),
});

export async function loader({ request }: LoaderFunctionArgs, { queryClient, api }: RouteContext): Promise<RouteMeta> {
  const q = homeQueries(api);
  const settings: SiteSettings = await queryClient.ensureQueryData(apiQuery(api, routes.siteSettings));
  const { city, province } = cityOfRequest(request, settings);
  const [banners] = await Promise.all([
    queryClient.ensureQueryData(q.banners(city, province)),
    queryClient.ensureQueryData(q.packages),
    queryClient.ensureQueryData(q.cases),
    queryClient.ensureQueryData(q.guides),
    ...FEATURED_IDS.map((id) => queryClient.ensureQueryData(q.featured(id))),
  ]);
  return {
    title: "首页",
    canonical: "/",
    jsonLd: [organizationJsonLd(settings, SITE_LOGO)],
    preloadImage: bannerPreload(banners),
    description: `${settings.brandName}：整装、标准化硬装、精选主材、定制橱柜与家具、成品家具、软装与家电，全国 ${settings.coveredCities} 城服务，免费预约设计师。`,
  };
}

function FeaturedRow({ category }: { category: GoodsCategory }) {
  const api = useApi();
  const { data } = useQuery(homeQueries(api).featured(category.id));
  if (!data?.dataList.length) return null;
  return (
    <HomeSection
      title={category.content}
      more={{ to: categoryHref(category.id), label: `查看全部 ${data.total} 件 ›` }}
      belowFold
    >
      <div className={styles.grid}>
        {data.dataList.map((g) => (
          <GoodsCard key={g.id} goods={g} />
        ))}
      </div>
    </HomeSection>
  );
}

export default function HomeScreen() {
  const api = useApi();
  const q = homeQueries(api);
  const cityName = useAppState((s) => s.cityName);
  const province = useAppState((s) => s.province);
  const { data: banners = [] } = useQuery(q.banners(cityName, province));
  const { data: tree = [] } = useQuery(apiQuery(api, routes.goodsCategories));
  const { data: packages } = useQuery(q.packages);
  const { data: cases } = useQuery(q.cases);
  const { data: guides } = useQuery(q.guides);

  const level2 = tree.flatMap((root) => root.subCategories);
  const menuCategories = MENU_CATEGORY_IDS.map((id) => level2.find((c) => c.id === id)).filter(
    (c): c is GoodsCategory => c !== undefined,
  );

  return (
    <div className={styles.home}>
      <h1 className="visually-hidden">悦家整装 — 整装与家居一站式选购</h1>
      {/* Keyed by city: a new city starts its carousel at the first slide. */}
      <BannerCarousel key={cityName} banners={banners} />

      <nav className={`container ${styles.entries}`} aria-label="商品分类">
        {menuCategories.map((c) => (
          <AppLink
            key={c.id}
            to={categoryHref(c.id)}
            className={styles.entry}
            style={{ "--accent": c.color } as React.CSSProperties}
          >
            <span className={styles.entryIcon} aria-hidden>
              <CategoryIcon id={c.id} />
            </span>
            <span>{c.content}</span>
          </AppLink>
        ))}
      </nav>

      <section className={`container ${styles.leads}`} aria-label="免费设计与智能报价">
        <div className={styles.leadCard}>
          <h2>装修要花多少钱？</h2>
          <p>输入城市、面积和户型，30 秒得到全包与半包预估及明细</p>
          <EstimateButton origin="首页报价">免费智能报价</EstimateButton>
        </div>
        <div className={styles.leadCard}>
          <h2>免费预约设计师</h2>
          <p>设计师上门量房、出方案，留下手机号即可预约</p>
          <BookingButton origin="首页预约" className="btn btn-ghost">
            预约设计师
          </BookingButton>
        </div>
      </section>

      {packages && packages.dataList.length > 0 && (
        <HomeSection title="精选套餐" more={{ to: categoryHref(PACKAGES_ID), label: "更多套餐 ›" }}>
          <div className={styles.grid}>
            {packages.dataList.map((g) => (
              <GoodsCard key={g.id} goods={g} />
            ))}
          </div>
        </HomeSection>
      )}

      {FEATURED_IDS.map((id) => {
        const category = level2.find((c) => c.id === id);
        // A boundary per row: below-the-fold rows hydrate in their own short tasks (P6 TBT).
        return category ? (
          <Suspense key={id} fallback={null}>
            <FeaturedRow category={category} />
          </Suspense>
        ) : null;
      })}

      {cases && cases.dataList.length > 0 && (
        <HomeSection title="装修案例" more={{ to: "/case", label: "更多案例 ›" }} belowFold>
          <div className={styles.cases}>
            {cases.dataList.map((c) => (
              <AppLink key={c.id} to={articlePath(c.id)} className={styles.caseCard}>
                <Picture src={c.cover} alt={c.title} width={750} height={420} sizes={HOME_CASE_SIZES} />
                <strong>{c.title}</strong>
                <span>
                  {[c.style, c.layout, c.areaM2 ? `${c.areaM2}㎡` : null, c.city].filter(Boolean).join(" · ")}
                </span>
              </AppLink>
            ))}
          </div>
        </HomeSection>
      )}

      {guides && guides.dataList.length > 0 && (
        <HomeSection title="装修攻略" more={{ to: "/decorate-strategy", label: "更多攻略 ›" }} belowFold>
          <ul className={styles.guides}>
            {guides.dataList.map((g) => (
              <li key={g.id}>
                <AppLink to={articlePath(g.id)}>
                  <span className={styles.guideTag}>{g.tagName}</span>
                  <span className={styles.guideTitle}>{g.title}</span>
                  <time dateTime={g.publishedAt}>{formatDate(g.publishedAt)}</time>
                </AppLink>
              </li>
            ))}
          </ul>
        </HomeSection>
      )}
    </div>
  );
}

/** A titled home-page row with its "more" link; rows below the fold render lazily (styles.belowFold). */
function HomeSection({
  title,
  more,
  belowFold = false,
  children,
}: {
  title: string;
  more: { to: string; label: string };
  belowFold?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={belowFold ? `container ${styles.belowFold}` : "container"}>
      <h2 className="section-title">
        {title}
        <AppLink to={more.to}>{more.label}</AppLink>
      </h2>
      {children}
    </section>
  );
}
