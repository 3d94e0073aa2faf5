// What bench/pages requests: the cached goods API (the baseline), the pages an anonymous visitor
// loads, and one page of a logged-in customer. Ids come from the API on this run's data.
import { stopChild } from "../api/processes.js";
import { type Database, type Shop, startShop } from "./shop.js";

/** The goods list a category page loads: bench/api's request, the baseline of every ratio. */
export const GOODS_INDEX_PATH = "/api/goods/index?isShow=1&category2=4&current=1&pageSize=12&status=1";

/** The bars (docs/quality.md P9): uncached server CPU per page, ms. */
export type PageName = "api" | "home" | "category" | "product" | "package" | "article" | "case" | "my-orders";

export interface Visit {
  name: PageName;
  path: string;
  /** A customer's cookie (the logged-in page). */
  cookie?: string;
  /** P9: cached ≥ 25 % of the API's pages/s with 0 non-2xx (anonymous pages only). */
  cachedBar: boolean;
  /** P9: uncached server CPU per page at most this many ms; null: not judged. */
  uncachedCpuBarMs: number | null;
}

export const PAGE_NAMES: PageName[] = ["api", "home", "category", "product", "package", "article", "case", "my-orders"];

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const body = (await response.json()) as { code: number; message?: string; data: T };
  if (response.status !== 200 || body.code !== 1)
    throw new Error(`GET ${url}: HTTP ${response.status} ${body.message ?? ""}`);
  return body.data;
}

interface GoodsPage {
  dataList: { id: number; isPackage: boolean }[];
}

/** A product and a package of the demo shop, the first the goods list shows. */
async function goodsIds(url: string): Promise<{ product: number; package: number }> {
  const list = await getJson<GoodsPage>(`${url}/api/goods/index?isShow=1&current=1&pageSize=100&status=1`);
  const product = list.dataList.find((g) => !g.isPackage)?.id;
  const pack = list.dataList.find((g) => g.isPackage)?.id;
  if (product === undefined || pack === undefined)
    throw new Error("演示数据里没有找到商品或套餐（/api/goods/index 的前 100 件）");
  return { product, package: pack };
}

/** The newest guide, as the guide list shows it first. */
async function newestGuide(url: string): Promise<number> {
  const list = await getJson<{ dataList: { id: number }[] }>(
    `${url}/api/article/query_list?type=1&current=1&pageSize=1`,
  );
  const id = list.dataList[0]?.id;
  if (id === undefined) throw new Error("演示数据里没有装修攻略（/api/article/query_list?type=1）");
  return id;
}

/** A customer logged in with the code the console SMS provider logged (the server must log at info). */
export async function customerCookie(shop: Shop): Promise<string> {
  const phone = `139${String(Date.now()).slice(-8)}`;
  const masked = `"phone":"${phone.slice(0, 3)}****${phone.slice(-4)}"`;
  await getJson(`${shop.url}/api/customers/getVerificationCode?phone=${phone}&timestamp=${Date.now()}`);
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    await new Promise((r) => setTimeout(r, 100));
    code = shop
      .output()
      .split("\n")
      .filter((line) => line.includes(masked))
      .map((line) => (JSON.parse(line) as { smsCode?: string }).smsCode)
      .findLast((c) => c !== undefined);
  }
  if (!code) throw new Error("服务器日志里没有验证码（控制台短信通道）");
  const response = await fetch(`${shop.url}/api/customers/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ mobile: phone, code }),
  });
  const body = (await response.json()) as { code: number; message: string; data: { token: string; csrf: string } };
  if (body.code !== 1) throw new Error(`登录失败：${body.message}`);
  return `token=${body.data.token}; csrf=${body.data.csrf}`;
}

export async function pickVisits(url: string, cookie: string): Promise<Visit[]> {
  const ids = await goodsIds(url);
  const guide = await newestGuide(url);
  const page = (name: PageName, path: string, uncachedCpuBarMs: number) =>
    ({ name, path, cachedBar: true, uncachedCpuBarMs }) satisfies Visit;
  return [
    { name: "api", path: GOODS_INDEX_PATH, cachedBar: false, uncachedCpuBarMs: null },
    page("home", "/", 8),
    // /2-12 is the finished-furniture listing (category 4), as the storefront links it (docs/product.md §2).
    page("category", "/2-12?id=4", 5),
    page("product", `/app/product-detail/${ids.product}`, 5),
    page("package", `/packageDetails/${ids.package}`, 5),
    page("article", `/article-detail/${guide}`, 5),
    page("case", "/case", 5),
    { name: "my-orders", path: "/my-orders", cookie, cachedBar: false, uncachedCpuBarMs: null },
  ];
}

/** Before any load: each answers 200 (the logged-in page with the customer's own page, not a redirect). */
export async function preflight(url: string, visit: Visit): Promise<number> {
  const response = await fetch(`${url}${visit.path}`, {
    redirect: "manual",
    headers: visit.cookie ? { cookie: visit.cookie } : {},
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.text();
  if (response.status !== 200)
    throw new Error(`${visit.name} ${visit.path}: HTTP ${response.status} ${body.slice(0, 200)}`);
  if (visit.name === "my-orders" && !body.includes("我的订单"))
    throw new Error(`${visit.path}: 200 but not the customer's order page`);
  return body.length;
}

/** A customer and the pages to request, from a first start that logs at info (the SMS code) and seeds. */
export async function prepare(label: string, database: Database): Promise<Visit[]> {
  const shop = await startShop({ name: `${label} setup`, database, mode: "cached", logLevel: "info" });
  try {
    return await pickVisits(shop.url, await customerCookie(shop));
  } finally {
    await stopChild(shop.child);
  }
}
