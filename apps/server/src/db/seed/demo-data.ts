// The deterministic demo data a new install shows (悦家整装): pure data, no database access.
// Everything is derived from literal tables and seeded PRNGs, so two calls return deep-equal results
// (on the same China day: the demo projects' plan dates count from it).

import { chinaDayOf } from "../../lib/china-time.js";
import type { SitePageCopy } from "../default-site-pages.js";
import type {
  articles,
  articleTags,
  banners,
  goodsCategories,
  goodsTags,
  media,
  siteSettings,
  stores,
} from "../schema.js";
import { buildCategories, buildGoods, GOODS_TAGS } from "./demo-catalog.js";
import { buildArticles, buildArticleTags, buildBanners } from "./demo-content.js";
import { buildDemoPages } from "./demo-pages.js";
import { buildCities, buildEstimateRates, buildHardPrices, buildStores, type EstimateRatesRow } from "./demo-places.js";
import { buildDemoProjects, type DemoProjects } from "./demo-projects.js";
import type { CityEntry, DemoGoods, HardPrice } from "./demo-rows.js";
import { MediaRegistry } from "./demo-util.js";

/** The row types, for whoever reads the demo data (tests compare against it). */
export type { CityEntry, DemoGoods, HardPrice } from "./demo-rows.js";

export interface DemoData {
  settings: typeof siteSettings.$inferInsert; // id 1
  categories: (typeof goodsCategories.$inferInsert)[];
  goodsTags: (typeof goodsTags.$inferInsert)[];
  goods: DemoGoods[]; // includes packages (isPackage true)
  articleTags: (typeof articleTags.$inferInsert)[];
  articles: (typeof articles.$inferInsert & { id: number })[];
  stores: (typeof stores.$inferInsert & { id: number })[];
  banners: (typeof banners.$inferInsert & { id: number })[];
  cities: CityEntry[]; // exactly 136
  hardPrices: HardPrice[]; // one per covered city
  estimateRates: EstimateRatesRow[]; // the default row '*' and one per covered city
  /** Renovation projects with their stages, records, instalments, change orders and versions. */
  projects: DemoProjects;
  media: (typeof media.$inferInsert)[]; // every image referenced anywhere
  pages: SitePageCopy[]; // the brand and service pages, in the demo brand's name
}

export const DEMO_SETTINGS: typeof siteSettings.$inferInsert = {
  id: 1,
  brandName: "悦家整装",
  hotline: "0571-8678-0130",
  headOfficeAddress: "浙江省杭州市滨江区江南大道3688号悦家大厦18层",
  icpNumber: "浙ICP备2023012345号-1",
  coveredCities: 136,
  defaultProvince: "浙江省",
  defaultCity: "杭州市",
  serviceHours: "每天 09:00-21:00（节假日不休）",
  serviceEmail: "service@yuejia-home.cn",
  wechat: "yuejiazhengzhuang",
  // Filings and licence (docs/decisions/0077): plausible in form, plainly a demo company. The credit
  // code passes GB 32100-2015's check digit; the licence picture is a titled drawing (ADR 0057).
  policeFilingNumber: "浙公网安备 33010802000001号",
  companyName: "杭州悦家装饰工程有限公司（演示数据）",
  companyAddress: "浙江省杭州市滨江区江南大道3688号悦家大厦18层",
  creditCode: "91330108MA2H4DEM0A",
};

/** The demo licence picture's key: a placeholder drawing that says it is a demo. */
const DEMO_LICENCE_KEY = "demo-licence.svg";

/** `today` (a China day) places the demo projects' plans; the rest of the demo is the same every day. */
export function buildDemoData(today = chinaDayOf(new Date())): DemoData {
  // Every image URL is minted by the registry, which then yields exactly the media rows in use.
  const registry = new MediaRegistry();
  const categories = buildCategories();
  const goodsRows = buildGoods(categories, registry);
  const cities = buildCities();
  const storeRows = buildStores(cities, registry);
  const articleRows = buildArticles(cities, registry);
  const bannerRows = buildBanners(registry);
  const pageRows = buildDemoPages(DEMO_SETTINGS.brandName, registry);
  const projectRows = buildDemoProjects(registry, today);
  const licenceImage = registry.add(DEMO_LICENCE_KEY, {
    title: "营业执照（演示）",
    subtitle: "演示数据，非真实证照",
    color: "#b8423a",
    width: 1200,
    height: 850,
    kind: "article",
  });
  return {
    settings: { ...DEMO_SETTINGS, licenceImage },
    categories,
    goodsTags: GOODS_TAGS.map((t) => ({ ...t })),
    goods: goodsRows,
    articleTags: buildArticleTags(),
    articles: articleRows,
    stores: storeRows,
    banners: bannerRows,
    cities,
    hardPrices: buildHardPrices(cities),
    estimateRates: buildEstimateRates(cities),
    pages: pageRows,
    projects: projectRows,
    media: registry.rows(),
  };
}
