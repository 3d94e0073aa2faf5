// The buy buttons of a detail page: 收藏 (the shared session's FavoriteButton) and the cart. The cart is
// wired by later work: until then a visitor who is not logged in is sent to login (and back here
// afterwards), a logged-in one is told it is coming.
import { FavoriteKind } from "@yj/contract";
import { toast } from "../../../components/toast";
import { FavoriteButton } from "../../../session/favorite-button";
import { useLoginGate } from "../../../session/require-login";
import styles from "./cart-actions.module.css";

export function CartActions({
  goodsId,
  buyDisabled,
  disabledReason,
}: {
  /** The goods (or package) shown: what 收藏 adds. */
  goodsId: number;
  buyDisabled: boolean;
  disabledReason?: string;
}) {
  const gate = useLoginGate();
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={`btn ${styles.cart}`}
        disabled={buyDisabled}
        title={buyDisabled ? disabledReason : undefined}
        onClick={() => gate(() => toast("购物车功能即将开放"))}
      >
        加入购物车
      </button>
      <FavoriteButton id={goodsId} type={FavoriteKind.GOODS} className={`btn btn-ghost ${styles.fav}`} />
    </div>
  );
}
