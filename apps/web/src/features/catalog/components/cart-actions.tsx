// The buy buttons of a detail page. Cart and favourites are wired by later work: until then a visitor
// who is not logged in is sent to login (and back here afterwards), a logged-in one is told it is coming.
import { useLocation, useNavigate } from "react-router";
import { toast } from "../../../components/toast";
import { useAppState } from "../../../lib/store";
import styles from "./cart-actions.module.css";

export function useLoginGate() {
  const loggedIn = useAppState((s) => s.loggedIn);
  const navigate = useNavigate();
  const location = useLocation();
  /** Runs `then` for a logged-in visitor; sends anyone else to /login?redirect=<this page>. */
  return (then: () => void) => {
    if (!loggedIn) {
      navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    then();
  };
}

export function CartActions({ buyDisabled, disabledReason }: { buyDisabled: boolean; disabledReason?: string }) {
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
      <button
        type="button"
        className={`btn btn-ghost ${styles.fav}`}
        onClick={() => gate(() => toast("收藏功能即将开放"))}
      >
        <span aria-hidden>☆</span> 收藏
      </button>
    </div>
  );
}
