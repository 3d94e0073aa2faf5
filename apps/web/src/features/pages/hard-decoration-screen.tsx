// /heartPage and /2-2 (docs/product.md §2): standardized hard decoration. The per-㎡ prices of the
// visitor's city (server-rendered for the city in the cookie, refetched when the city changes), what
// the price includes and excludes (the page's copy, GET /api/site/pages), and a booking offer.
import { useQuery } from "@tanstack/react-query";
import { routes } from "@yj/contract";
import type { LoaderFunctionArgs } from "react-router";
import { BookingButton } from "../../components/lead-buttons";
import { useApi } from "../../lib/api-context";
import { cityOfRequest } from "../../lib/city-of-request";
import { formatPrice } from "../../lib/format";
import { apiQuery } from "../../lib/queries";
import type { RouteContext, RouteMeta } from "../../lib/route-context";
import { useScreenLocation } from "../../lib/screen-location";
import { useAppState } from "../../lib/store";
import { hardDecorationPrices } from "./hard-prices";
import { PageFrame } from "./page-frame";
import styles from "./site-page.module.css";
import { orNotFound, sitePageQuery, slugOfPath } from "./site-page-query";

export async function loader({ request }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  const slug = slugOfPath(new URL(request.url).pathname);
  const settings = await ctx.queryClient.ensureQueryData(apiQuery(ctx.api, routes.siteSettings));
  const { city } = cityOfRequest(request, settings);
  const [page] = await Promise.all([
    orNotFound(ctx.queryClient.ensureQueryData(sitePageQuery(ctx.api, slug))),
    // A city without prices is not the page's failure: the panel says so instead.
    ctx.queryClient.prefetchQuery(apiQuery(ctx.api, routes.hardPrice, { city })),
  ]);
  // /heartPage and /2-2 are the same page (docs/product.md §2): search engines are given /heartPage,
  // the one the site links to and the sitemap lists (docs/decisions/0051).
  return { title: page.title, description: page.description, canonical: "/heartPage" };
}

export default function HardDecorationScreen() {
  const api = useApi();
  const slug = slugOfPath(useScreenLocation().pathname);
  const { data: page } = useQuery(sitePageQuery(api, slug));
  if (!page) return null; // the loader has fetched it (or answered 404)
  return (
    <PageFrame page={page}>
      <CityPrice />
    </PageFrame>
  );
}

function CityPrice() {
  const api = useApi();
  const cityName = useAppState((s) => s.cityName);
  const { data, isError, isPending } = useQuery(apiQuery(api, routes.hardPrice, { city: cityName }));
  if (isPending) return <section className={styles.pricePanel} aria-busy="true" aria-label="本市硬装单价" />;
  if (isError || !data) {
    return (
      <section className={styles.pricePanel} aria-label="本市硬装单价">
        <p className={styles.priceNote}>{cityName}暂未公布硬装单价，预约设计师为您上门量房报价。</p>
      </section>
    );
  }
  const prices = hardDecorationPrices(data);
  return (
    <section className={styles.pricePanel} aria-label="本市硬装单价" data-testid="hard-price">
      <div className={styles.priceMain}>
        <p className={styles.priceCity}>
          {prices.fallback ? `${cityName}暂未开通，参考${prices.city}价格` : `${prices.city}标准化硬装`}
        </p>
        <p className={styles.priceFigure}>
          <span className={styles.priceLabel}>硬装全包</span>
          <strong data-testid="hard-price-full">{formatPrice(prices.fullCentsPerM2)}</strong>
          <span>/㎡</span>
        </p>
        <p className={styles.priceHalf}>
          硬装半包 <strong>{formatPrice(prices.halfCentsPerM2)}</strong>/㎡（不含主材，主材可自选）
        </p>
        <BookingButton origin="标准化硬装" className="btn">
          预约免费量房
        </BookingButton>
      </div>
      <div className={styles.priceParts}>
        <h2>每平方米包含</h2>
        <dl>
          {prices.parts.map((part) => (
            <div key={part.name}>
              <dt>{part.name}</dt>
              <dd>{formatPrice(part.centsPerM2)}/㎡</dd>
            </div>
          ))}
        </dl>
        <p className={styles.priceNote}>
          可加选：
          {prices.extras.map((part) => `${part.name} ${formatPrice(part.centsPerM2)}/㎡`).join("，")}
          。按房屋套内面积计价，最终价格以上门量房后的合同为准。
        </p>
      </div>
    </section>
  );
}
