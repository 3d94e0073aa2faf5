// docs/product.md §2 header: city selector, search, login/register or user menu, cart with count, main menu
// whose sub-menus are the level-2 categories 49, 6, 9, 8, 4, 3, 5, 50, the activity entry and top links.
// Fixed and compact after 192 px of scroll on home, at once elsewhere. On phones the top bar is hidden:
// the account links and the cart join the collapsible menu, the city selector sits beside the logo and the
// bottom bar (bottom-bar.tsx) takes the side panel's place (docs/decisions/0054).

import { useQuery } from "@tanstack/react-query";
import { type GoodsCategory, MENU_CATEGORY_IDS, routes, SCROLL_FIXED_HEADER_PX } from "@yj/contract";
import { type FormEvent, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { AppLink, AppNavLink } from "../../components/app-link";
import { useApi } from "../../lib/api-context";
import { categoryHref } from "../../lib/category-routes";
import { apiQuery } from "../../lib/queries";
import { useAppState } from "../../lib/store";
import { LogoutButton } from "../../session/logout-button";
import { loginPath } from "../../session/redirect";
import { useCustomerLabel } from "../../session/session";
import { CitySelector, useDetectCity } from "./city-selector";
import styles from "./header.module.css";
import { useHasProject } from "./use-has-project";
import { useScrolledPast } from "./use-scroll-y";

const TOP_LINKS = [
  { to: "/decorate-strategy", label: "装修攻略" },
  { to: "/case", label: "装修案例" },
  { to: "/about", label: "品牌故事" },
  { to: "/all-store", label: "全国门店" },
  { to: "/merchants-join", label: "招商加盟" },
];

function findById(nodes: GoodsCategory[], id: number): GoodsCategory | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findById(n.subCategories, id);
    if (hit) return hit;
  }
  return undefined;
}

export function Header({ home, overall }: { home: boolean; overall: boolean }) {
  const api = useApi();
  const { data: settings } = useQuery(apiQuery(api, routes.siteSettings));
  const { data: tree = [] } = useQuery(apiQuery(api, routes.goodsCategories));
  const loggedIn = useAppState((s) => s.loggedIn);
  const customerLabel = useCustomerLabel() ?? "我的账户";
  const cartNum = useAppState((s) => s.cartNum);
  const hasProject = useHasProject(loggedIn);
  const scrolled = useScrolledPast(SCROLL_FIXED_HEADER_PX);
  const compact = !home || scrolled;
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState("");
  useDetectCity();

  const menu = useMemo(
    () => MENU_CATEGORY_IDS.map((id) => findById(tree, id)).filter((c): c is GoodsCategory => c !== undefined),
    [tree],
  );

  const search = (e: FormEvent) => {
    e.preventDefault();
    const name = keyword.trim();
    setMenuOpen(false);
    navigate(name ? `/search?name=${encodeURIComponent(name)}` : "/search");
  };

  const loginHref = loginPath(location.pathname + location.search);
  const closeMenu = () => setMenuOpen(false);

  return (
    <div className={`${styles.slot} ${compact ? styles.slotCompact : ""}`}>
      <header
        className={`${styles.header} ${compact ? styles.compact : ""} ${overall ? styles.overall : ""}`}
        data-compact={compact ? "true" : "false"}
      >
        <div className={styles.topbar}>
          <div className={`container ${styles.topInner}`}>
            <CitySelector />
            <span className={styles.hotline}>全国服务热线 {settings?.hotline}</span>
            <nav className={styles.account} aria-label="账户">
              {loggedIn ? (
                <>
                  <span>{customerLabel}</span>
                  <AppLink to="/my-orders">我的订单</AppLink>
                  {hasProject && <AppLink to="/my-project">我的装修</AppLink>}
                  <AppLink to="/my-mark">我的收藏</AppLink>
                  <AppLink to="/my-data">我的数据</AppLink>
                  <LogoutButton className={styles.linkButton} />
                </>
              ) : (
                <>
                  <AppLink to={loginHref}>登录</AppLink>
                  <AppLink to={loginHref}>注册</AppLink>
                </>
              )}
              <CartLink count={cartNum} />
            </nav>
          </div>
        </div>
        <div className={styles.mainbar}>
          <div className={`container ${styles.mainInner}`}>
            {/* The name comes from the visible brand name (plus 首页 for screen readers), not an aria-label
                that differs from what is on screen: speech users say what they see (WCAG 2.5.3). */}
            <AppLink to="/" className={styles.logo}>
              <span className={styles.logoMark} aria-hidden>
                悦
              </span>
              <span className={styles.logoText}>
                {settings?.brandName}
                <span className="visually-hidden">首页</span>
              </span>
            </AppLink>
            {/* Phones: the top bar is hidden, so the city is chosen here (docs/decisions/0054). */}
            <CitySelector phone />
            <button
              type="button"
              className={styles.burger}
              aria-label="菜单"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              <span />
              <span />
              <span />
            </button>
            <nav className={styles.topLinks} aria-label="导航">
              {TOP_LINKS.map((l) => (
                <AppNavLink key={l.to} to={l.to}>
                  {l.label}
                </AppNavLink>
              ))}
            </nav>
            <form className={styles.search} onSubmit={search}>
              <input
                className={styles.searchInput}
                type="search"
                name="name"
                placeholder="搜索沙发、瓷砖、橱柜…"
                value={keyword}
                maxLength={50}
                onChange={(e) => setKeyword(e.target.value)}
                aria-label="搜索商品"
              />
              <button type="submit">搜索</button>
            </form>
            {/* Compact header (top bar hidden), tablet and desktop: the account links and the cart stay in reach. */}
            {compact && (
              <nav className={styles.compactAccount} aria-label="账户">
                {loggedIn ? (
                  <>
                    <AppLink to="/my-orders">我的订单</AppLink>
                    {hasProject && <AppLink to="/my-project">我的装修</AppLink>}
                    <AppLink to="/my-mark">我的收藏</AppLink>
                    <AppLink to="/my-data">我的数据</AppLink>
                    <LogoutButton className={styles.linkButton} />
                  </>
                ) : (
                  <AppLink to={loginHref}>登录 / 注册</AppLink>
                )}
                <CartLink count={cartNum} />
              </nav>
            )}
          </div>
        </div>
        <nav className={`${styles.menu} ${menuOpen ? styles.menuOpen : ""}`} aria-label="主菜单">
          <ul className={`container ${styles.menuList}`}>
            {/* Phones: account and cart (the top bar is hidden), only while the menu is open. */}
            {menuOpen && (
              <li className={styles.phoneAccount}>
                {loggedIn ? (
                  <>
                    <span className={styles.phoneUser}>{customerLabel}</span>
                    <AppLink to="/my-orders" onClick={closeMenu}>
                      我的订单
                    </AppLink>
                    {hasProject && (
                      <AppLink to="/my-project" onClick={closeMenu}>
                        我的装修
                      </AppLink>
                    )}
                    <AppLink to="/my-mark" onClick={closeMenu}>
                      我的收藏
                    </AppLink>
                    <AppLink to="/my-data" onClick={closeMenu}>
                      我的数据
                    </AppLink>
                    <LogoutButton className={styles.linkButton} onDone={closeMenu} />
                  </>
                ) : (
                  <AppLink to={loginHref} onClick={closeMenu}>
                    登录 / 注册
                  </AppLink>
                )}
                <AppLink to="/shoppingCart" onClick={closeMenu}>
                  购物车（{cartNum}）
                </AppLink>
              </li>
            )}
            <li>
              <AppNavLink to="/" end onClick={() => setMenuOpen(false)}>
                首页
              </AppNavLink>
            </li>
            {menu.map((c) => (
              <li key={c.id} className={styles.hasSub}>
                <AppLink to={categoryHref(c.id)} onClick={() => setMenuOpen(false)}>
                  {c.content}
                </AppLink>
                {c.subCategories.length > 0 && (
                  <ul className={styles.sub}>
                    {c.subCategories.map((s) => (
                      <li key={s.id}>
                        <AppLink to={categoryHref(c.id, s.id)} onClick={() => setMenuOpen(false)}>
                          {s.content}
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
            <li>
              <AppLink to="/decorate-act" className={styles.activity} onClick={() => setMenuOpen(false)}>
                限时活动
              </AppLink>
            </li>
            {/* Narrow screens: the top links join the collapsible menu. */}
            {TOP_LINKS.map((l) => (
              <li key={l.to} className={styles.topLink}>
                <AppNavLink to={l.to} onClick={() => setMenuOpen(false)}>
                  {l.label}
                </AppNavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
    </div>
  );
}

/** The cart and how many pieces it holds, in both the wide and the narrow header. */
function CartLink({ count }: { count: number }) {
  return (
    <AppLink to="/shoppingCart" className={styles.cart} aria-label={`购物车 ${count} 件`}>
      购物车
      <span className={styles.badge} data-testid="cart-count">
        {count}
      </span>
    </AppLink>
  );
}
