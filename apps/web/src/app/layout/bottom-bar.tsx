// Phones (below 768 px): the bottom bar takes the floating side panel's place, which covered prices,
// titles and the pay instruction there (docs/decisions/0054). 首页, 分类, 免费设计 (the booking dialog),
// 客服 (the live chat, issue #25), 购物车 with its count, 我的 (the orders page, or login first). Hidden by CSS on wider screens, so the
// server render needs no width.

import { CATEGORY_PATHS } from "@yj/contract";
import { useLocation } from "react-router";
import { AppLink, AppNavLink } from "../../components/app-link";
import { Icon } from "../../components/icon";
import { openChat, useChatState } from "../../lib/chat-state";
import { openLeadDialog } from "../../lib/lead-dialogs";
import { useAppState } from "../../lib/store";
import { loginPath } from "../../session/redirect";
import styles from "./bottom-bar.module.css";

const MY_PAGE = "/my-orders";
/** Where 分类 counts as the current page: the goods lists, by category or by search. */
const LISTINGS = new Set([...Object.keys(CATEGORY_PATHS), "/productList", "/search"]);

export function BottomBar() {
  const cartNum = useAppState((s) => s.cartNum);
  const loggedIn = useAppState((s) => s.loggedIn);
  const chatUnread = useChatState().unread;
  const inListing = LISTINGS.has(useLocation().pathname);
  const itemClass = ({ isActive }: { isActive: boolean }) => `${styles.item} ${isActive ? styles.active : ""}`;

  return (
    <nav className={styles.bar} aria-label="底部导航" data-testid="bottom-bar">
      <AppNavLink to="/" end className={itemClass}>
        <Icon name="home" />
        首页
      </AppNavLink>
      <AppLink
        to="/productList"
        className={itemClass({ isActive: inListing })}
        aria-current={inListing ? "page" : undefined}
      >
        <Icon name="grid" />
        分类
      </AppLink>
      <button type="button" className={styles.item} onClick={() => openLeadDialog("booking", "底部导航")}>
        <Icon name="designer" />
        免费设计
      </button>
      <button type="button" className={styles.item} onClick={openChat} aria-haspopup="dialog">
        <span className={styles.icon}>
          <Icon name="chat" />
          {chatUnread > 0 && (
            <span className={styles.badge} aria-hidden>
              {chatUnread}
            </span>
          )}
        </span>
        客服{chatUnread > 0 && <span className="visually-hidden"> {chatUnread} 条未读消息</span>}
      </button>
      {/* The name comes from the content, 购物车 first as on screen (WCAG 2.5.3); the badge repeats the count. */}
      <AppNavLink to="/shoppingCart" className={itemClass}>
        <span className={styles.icon}>
          <Icon name="cart" />
          {cartNum > 0 && (
            <span className={styles.badge} data-testid="bottom-cart-count" aria-hidden>
              {cartNum}
            </span>
          )}
        </span>
        购物车<span className="visually-hidden"> {cartNum} 件</span>
      </AppNavLink>
      <AppNavLink to={loggedIn ? MY_PAGE : loginPath(MY_PAGE)} className={itemClass}>
        <Icon name="user" />
        我的
      </AppNavLink>
    </nav>
  );
}
