// docs/product.md §2 floating side panel: price calculator, cart with count badge, book now (free designer),
// customer service (the live chat, issue #25: its window and unread count), back-to-top after 920 px. At 1420 px or more (§2, §9) the margin beside the 1200 px
// column holds the extra right-hand element: a standing booking card with the hotline (docs/decisions/0028),
// shown by a media query so the server render needs no width.

import { useQuery } from "@tanstack/react-query";
import { routes, SCROLL_BACK_TO_TOP_PX } from "@yj/contract";
import type { ButtonHTMLAttributes } from "react";
import { AppLink } from "../../components/app-link";
import { Icon, type IconName } from "../../components/icon";
import { useApi } from "../../lib/api-context";
import { openChat, useChatState } from "../../lib/chat-state";
import { openLeadDialog } from "../../lib/lead-dialogs";
import { apiQuery } from "../../lib/queries";
import { useAppState } from "../../lib/store";
import styles from "./side-panel.module.css";
import { useScrolledPast } from "./use-scroll-y";

export function SidePanel({ overall }: { overall: boolean }) {
  const api = useApi();
  const { data: s } = useQuery(apiQuery(api, routes.siteSettings));
  const cartNum = useAppState((st) => st.cartNum);
  const showTop = useScrolledPast(SCROLL_BACK_TO_TOP_PX);
  const chat = useChatState();

  return (
    <>
      <aside className={styles.extra} aria-label="预约量房" data-testid="extra-wide-card">
        <strong>免费量房</strong>
        <span>设计师上门</span>
        {s && <span className={styles.extraHotline}>{s.hotline}</span>}
        <button type="button" className={styles.extraButton} onClick={() => openLeadDialog("booking", "右侧预约卡片")}>
          立即预约
        </button>
      </aside>
      <aside className={`${styles.panel} ${overall ? styles.overall : ""}`} aria-label="快捷服务">
        <PanelButton icon="calculator" label="价格计算" onClick={() => openLeadDialog("estimate", "侧边栏")} />
        <AppLink to="/shoppingCart" className={styles.item}>
          <span className={styles.icon}>
            <Icon name="cart" />
          </span>
          购物车
          {cartNum > 0 && <span className={styles.badge}>{cartNum}</span>}
        </AppLink>
        <PanelButton icon="designer" label="免费设计" onClick={() => openLeadDialog("booking", "侧边栏")} />
        <button
          type="button"
          className={styles.item}
          onClick={openChat}
          aria-haspopup="dialog"
          aria-expanded={chat.open}
          data-testid="chat-button"
        >
          <span className={styles.icon}>
            <Icon name="chat" />
          </span>
          在线客服
          {chat.unread > 0 && (
            <span className={styles.badge} data-testid="chat-unread">
              {chat.unread}
              <span className="visually-hidden"> 条未读消息</span>
            </span>
          )}
        </button>
        {showTop && (
          <PanelButton
            icon="up"
            label="回到顶部"
            data-testid="back-to-top"
            onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
          />
        )}
      </aside>
    </>
  );
}

/** One of the panel's buttons: its icon above its label. */
function PanelButton({
  icon,
  label,
  ...button
}: { icon: IconName; label: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "type">) {
  return (
    <button type="button" className={styles.item} {...button}>
      <span className={styles.icon}>
        <Icon name={icon} />
      </span>
      {label}
    </button>
  );
}
