// The buy buttons of a detail page: 加入购物车 (carts/create, or carts/createList for a package: ADR 0023),
// 立即购买 (straight to /submitOrder with this one item) and 收藏. A visitor who is not logged in is sent
// to login and back here afterwards (docs/product.md §6). One click adds once: the add is guarded from the
// click itself, not from the mutation's state, which a double click outruns (issue #27 item 10). On phones
// they are the sticky buy bar above the bottom bar, in reach without scrolling (docs/decisions/0054).
import { FavoriteKind, routes } from "@yj/contract";
import { useRef } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../../components/toast";
import { buyNowPath } from "../../../lib/checkout-path";
import { useOneAtATime } from "../../../lib/one-at-a-time";
import { useBuyBarRoom } from "../../../lib/use-buy-bar-room";
import { useCartChange } from "../../../session/cart";
import { FavoriteButton } from "../../../session/favorite-button";
import { useLoginGate } from "../../../session/require-login";
import styles from "./cart-actions.module.css";

export function CartActions({
  goodsId,
  skuId,
  quantity = 1,
  isPackage = false,
  buyDisabled,
  disabledReason,
}: {
  /** The goods (or package) shown: what 收藏 and the cart add. */
  goodsId: number;
  /** The chosen SKU (version); without one nothing can be bought. */
  skuId: number | undefined;
  quantity?: number;
  isPackage?: boolean;
  buyDisabled: boolean;
  disabledReason?: string;
}) {
  const gate = useLoginGate();
  const navigate = useNavigate();
  const cart = useCartChange();
  const adding = useOneAtATime();
  useBuyBarRoom();
  const disabled = buyDisabled || skuId === undefined;
  const reason = buyDisabled ? disabledReason : skuId === undefined ? "暂无可购买的规格" : undefined;

  const addToCart = () =>
    gate(() => {
      if (skuId === undefined || !adding.start()) return;
      const item = { goodsId, skuId, quantity };
      cart.mutate(
        (api) =>
          isPackage
            ? api.post(routes.cartCreateList, { isMeal: goodsId, items: [item] })
            : api.post(routes.cartCreate, item),
        { onSuccess: () => toast("已加入购物车", "success"), onSettled: adding.finish },
      );
    });
  // 立即购买 leaves the page: a double click must not push /submitOrder twice (Back would land on it again).
  const leaving = useRef(false);
  const buyNow = () =>
    gate(() => {
      if (skuId === undefined || leaving.current) return;
      leaving.current = true;
      navigate(buyNowPath({ goodsId, skuId, quantity, isMeal: isPackage ? goodsId : undefined }));
    });

  return (
    <div className={styles.actions} data-testid="buy-bar">
      <button type="button" className={`btn ${styles.buy}`} disabled={disabled} title={reason} onClick={buyNow}>
        立即购买
      </button>
      <button
        type="button"
        className={`btn btn-ghost ${styles.cart}`}
        disabled={disabled || adding.busy}
        aria-busy={adding.busy}
        title={reason}
        onClick={addToCart}
      >
        {adding.busy ? "正在加入…" : "加入购物车"}
      </button>
      <FavoriteButton id={goodsId} type={FavoriteKind.GOODS} className={`btn btn-ghost ${styles.fav}`} />
    </div>
  );
}
