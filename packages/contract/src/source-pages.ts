// Which storefront page a lead came from, by its Chinese name (docs/decisions/0052): the web sends the
// page's path, the server stores the name, and the back office's lead list and the staff's robot message
// show names, never raw paths (leads stored before keep their text; sourceLabel names the paths in it).
import { CATEGORY_PATHS } from "./site-paths.js";

/** Route (first path segment, as the storefront's routes name it) → the page's Chinese name. */
export const SOURCE_PAGES: Readonly<Record<string, string>> = {
  "/": "首页",
  "/productList": "商品列表",
  "/search": "搜索结果",
  "/app/product-detail": "商品详情",
  "/packageDetails": "套餐详情",
  "/all-store": "门店",
  "/decorate-strategy": "装修攻略",
  "/case": "装修案例",
  "/article-detail": "文章详情",
  "/shoppingCart": "购物车",
  "/submitOrder": "确认订单",
  "/pay": "支付",
  "/my-orders": "我的订单",
  "/merchants-join": "城市加盟",
  "/decorate-act": "装修活动",
  "/iframe": "全景样板间",
  "/about": "关于我们",
  "/stream": "装修流程",
  "/integrate": "整装",
  "/2-22": "软装设计",
  "/heartPage": "标准化硬装",
  "/2-2": "标准化硬装",
  ...Object.fromEntries(Object.keys(CATEGORY_PATHS).map((path) => [path, "商品分类"])),
};

/** The Chinese name of a storefront path ("/packageDetails/151?x=1" → 套餐详情); null for an unknown path. */
export function pageName(path: string): string | null {
  const clean = path.split(/[?#]/)[0] ?? "";
  const segments = clean.split("/").filter(Boolean);
  // The longest known prefix: "/app/product-detail/7" is 商品详情, not an unknown "/app".
  if (segments.length === 0) return SOURCE_PAGES["/"] ?? null;
  for (let n = segments.length; n > 0; n--) {
    const name = SOURCE_PAGES[`/${segments.slice(0, n).join("/")}`];
    if (name) return name;
  }
  return null;
}

/**
 * A lead's source as staff read it: every storefront path in the text named (the page name replaces
 * the path; an unknown path stays), e.g. "首页 /case · 免费设计" → "装修案例 · 免费设计".
 */
export function sourceLabel(origin: string): string {
  return (
    origin
      .replace(/(^|\s)(\/[\w\-/]*)(?=\s|$|·)/g, (whole, space: string, path: string) => {
        const name = pageName(path);
        return name ? `${space}${name}` : whole;
      })
      // "全景样板间 /iframe" names its page twice once the path is named: say it once.
      .replace(/(^|\s)(\S+)(\s+\2)+(?=\s|$)/g, "$1$2")
      .split(" · ")
      .map((part) => part.trim())
      .filter((part, i, all) => part && all.indexOf(part) === i)
      .join(" · ")
  );
}

/** The origin a lead form sends: the page's name, then the button or form it came from. */
export function leadOrigin(path: string, detail?: string): string {
  return [pageName(path) ?? path, detail].filter(Boolean).join(" · ");
}
