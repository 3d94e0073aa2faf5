// /shoppingCart (docs/product.md §2, §3; ADR 0023): single goods (singleDada) and package groups (mealData, with
// what each package includes); select a line, a group or everything; steppers bounded by stock; removal
// with confirmation; the total (realPrice) as the server summed it. Sold-out and off-sale lines are
// marked and cannot be selected. Checkout goes to /submitOrder with the selection. Needs a session.
// A selected line over its stock holds checkout back, since the order could only be refused: the bar says
// why and the line offers 改为 N 件 beside its warning (issue #27 item 11; the server's submit still checks).
import { useQuery } from "@tanstack/react-query";
import { type CartLine, type CartMealGroup, goodsPath, packagePath, routes } from "@yj/contract";
import { useId, useState } from "react";
import { type LoaderFunctionArgs, useNavigate } from "react-router";
import { AppLink } from "../../../components/app-link";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Picture } from "../../../components/picture";
import { thumbSizes } from "../../../components/picture-sizes";
import { toast } from "../../../components/toast";
import { useApi } from "../../../lib/api-context";
import { SUBMIT_ORDER_PATH } from "../../../lib/checkout-path";
import { formatPrice } from "../../../lib/format";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { allLines, cartQuery, checkoutLines, useCartChange } from "../../../session/cart";
import { loginPath } from "../../../session/redirect";
import { useRequireLogin } from "../../../session/require-login";
import { hasSessionCookie } from "../../../session/session";
import styles from "../commerce.module.css";
import { LoadingOrFailed } from "../load-failed";
import { QuantityStepper } from "../quantity-stepper";
import { ScreenFrame } from "../screen-frame";

export async function loader({ request }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  if (hasSessionCookie(request)) await ctx.queryClient.prefetchQuery(cartQuery(ctx.api));
  return { title: "购物车", description: "查看购物车中的商品与套餐，选择后结算。" };
}

const THUMB = 80;

/** A line for sale whose quantity is more than is left: the order would be refused. */
export function overStock(line: CartLine): boolean {
  return line.available && line.quantity > line.stock;
}

/** Why a line cannot be bought, or null. */
export function unavailableReason(line: CartLine): string | null {
  if (line.available) return null;
  return line.stock <= 0 ? "已售罄" : "已下架";
}

interface Removal {
  ids: number[];
  message: string;
}

export default function CartScreen() {
  const allowed = useRequireLogin();
  const api = useApi();
  const navigate = useNavigate();
  const { data: cart, isError, refetch } = useQuery({ ...cartQuery(api), enabled: allowed });
  const change = useCartChange();
  const [removal, setRemoval] = useState<Removal | null>(null);
  const uid = useId();

  if (!allowed) {
    return (
      <Frame>
        <p className="empty">
          登录后查看购物车。<AppLink to={loginPath("/shoppingCart")}>去登录</AppLink>
        </p>
      </Frame>
    );
  }
  if (!cart) {
    return (
      <Frame>
        <LoadingOrFailed what="购物车" failed={isError} onRetry={() => void refetch()} />
      </Frame>
    );
  }
  const lines = allLines(cart);
  if (lines.length === 0) {
    return (
      <Frame>
        <div className={`empty ${styles.emptyBox}`}>
          <p>购物车还是空的</p>
          <AppLink to="/productList" className="btn">
            去逛逛
          </AppLink>
        </div>
      </Frame>
    );
  }

  const busy = change.isPending;
  const select = (targets: CartLine[], selected: boolean) => {
    const items = targets.filter((l) => l.available).map((l) => ({ id: l.id, selected }));
    if (items.length === 0 || busy) return;
    change.mutate((a) =>
      items.length === 1 ? a.post(routes.cartUpdate, items[0]!) : a.post(routes.cartUpdateList, { items }),
    );
  };
  const setQuantity = (line: CartLine, quantity: number) =>
    change.mutate((a) => a.post(routes.cartUpdate, { id: line.id, quantity }));
  const toCheckout = checkoutLines(cart);
  const overLines = toCheckout.filter(overStock);
  const blocked =
    toCheckout.length === 0
      ? "请选择要结算的商品"
      : overLines.length > 0
        ? `${overLines.length} 种商品超出库存，请先修改数量`
        : undefined;
  const selectedIds = lines.filter((l) => l.selected).map((l) => l.id);
  const lineProps = { busy, onSelect: select, onQuantity: setQuantity, onRemove: setRemoval };

  return (
    <Frame count={cart.cartNum}>
      <div className={styles.cartBody}>
        <SelectAll lines={lines} busy={busy} onSelect={select} label="全选" />
        {cart.singleDada.length > 0 && (
          <section className={styles.group} aria-label="单品">
            <h2 className={styles.groupTitle}>单品</h2>
            <ul className={styles.lines}>
              {cart.singleDada.map((line) => (
                <LineRow key={line.id} line={line} {...lineProps} />
              ))}
            </ul>
          </section>
        )}
        {cart.mealData.map((group) => (
          <MealGroup key={group.isMeal} group={group} {...lineProps} />
        ))}
      </div>

      <div className={styles.checkoutBar}>
        <SelectAll lines={lines} busy={busy} onSelect={select} label="全选" compact />
        <button
          type="button"
          className={styles.textButton}
          disabled={selectedIds.length === 0 || busy}
          onClick={() => setRemoval({ ids: selectedIds, message: `确定删除选中的 ${selectedIds.length} 件商品吗？` })}
        >
          删除选中
        </button>
        <p className={styles.total}>
          合计 <strong data-testid="cart-total">{formatPrice(cart.realPrice)}</strong>
        </p>
        {overLines.length > 0 && (
          <p id={`${uid}blocked`} className={styles.blocked} role="status">
            {blocked}
          </p>
        )}
        <button
          type="button"
          className={`btn ${styles.checkout}`}
          disabled={blocked !== undefined || busy}
          title={blocked}
          aria-describedby={overLines.length > 0 ? `${uid}blocked` : undefined}
          onClick={() => navigate(SUBMIT_ORDER_PATH)}
        >
          去结算（{toCheckout.length}）
        </button>
      </div>

      <ConfirmDialog
        open={removal !== null}
        title="删除商品"
        message={removal?.message ?? ""}
        confirmLabel="删除"
        busy={busy}
        onCancel={() => setRemoval(null)}
        onConfirm={() => {
          if (!removal) return;
          change.mutate((a) => a.post(routes.cartDelete, { ids: removal.ids }), {
            onSuccess: () => toast("已从购物车删除", "success"),
            onSettled: () => setRemoval(null),
          });
        }}
      />
    </Frame>
  );
}

function Frame({ count, children }: { count?: number; children: React.ReactNode }) {
  return (
    <ScreenFrame title={<>购物车{count !== undefined && <span className={styles.titleCount}>共 {count} 件</span>}</>}>
      {children}
    </ScreenFrame>
  );
}

interface LineActions {
  busy: boolean;
  onSelect(lines: CartLine[], selected: boolean): void;
  onQuantity(line: CartLine, quantity: number): void;
  onRemove(removal: Removal): void;
}

function SelectAll({
  lines,
  busy,
  onSelect,
  label,
  compact = false,
}: {
  lines: CartLine[];
  busy: boolean;
  onSelect: LineActions["onSelect"];
  label: string;
  compact?: boolean;
}) {
  const selectable = lines.filter((l) => l.available);
  const all = selectable.length > 0 && selectable.every((l) => l.selected);
  return (
    <label className={`${styles.check} ${compact ? styles.checkCompact : styles.selectAll}`}>
      <input
        type="checkbox"
        checked={all}
        disabled={busy || selectable.length === 0}
        onChange={() => onSelect(selectable, !all)}
      />
      {label}
    </label>
  );
}

function MealGroup({ group, ...actions }: { group: CartMealGroup } & LineActions) {
  const id = useId();
  const selectable = group.lines.filter((l) => l.available);
  const all = selectable.length > 0 && selectable.every((l) => l.selected);
  return (
    <section className={styles.group} aria-labelledby={`${id}name`}>
      <div className={styles.groupHead}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={all}
            disabled={actions.busy || selectable.length === 0}
            aria-label={`选择套餐：${group.name}`}
            onChange={() => actions.onSelect(selectable, !all)}
          />
        </label>
        <h2 id={`${id}name`} className={styles.groupTitle}>
          <span className={styles.mealTag}>套餐</span>
          <AppLink to={packagePath(group.isMeal)}>{group.name}</AppLink>
        </h2>
      </div>
      <ul className={styles.lines}>
        {group.lines.map((line) => (
          <LineRow key={line.id} line={line} to={packagePath(group.isMeal)} {...actions} />
        ))}
      </ul>
      {group.includes.length > 0 && (
        <details className={styles.includes}>
          <summary>套餐包含 {group.includes.length} 项</summary>
          <ul>
            {group.includes.map((item, i) => (
              // Items may repeat a name across rooms; the position keeps keys unique.
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders.
              <li key={i}>
                {item.room && <span className={styles.room}>{item.room}</span>}
                {item.name}
                <span className={styles.muted}>
                  × {item.quantity}
                  {item.unit}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function LineRow({
  line,
  to = goodsPath(line.goodsId),
  busy,
  onSelect,
  onQuantity,
  onRemove,
}: { line: CartLine; to?: string } & LineActions) {
  const reason = unavailableReason(line);
  const priceChanged = line.price !== line.addedPrice;
  return (
    <li className={`${styles.line} ${reason ? styles.lineOff : ""}`} data-testid="cart-line">
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={line.selected && line.available}
          disabled={busy || !line.available}
          aria-label={`选择：${line.name}`}
          onChange={() => onSelect([line], !line.selected)}
        />
      </label>
      <Picture
        className={styles.thumb}
        src={line.cover}
        alt={line.name}
        width={THUMB}
        height={THUMB}
        sizes={thumbSizes(THUMB)}
      />
      <div className={styles.lineInfo}>
        <AppLink to={to} className={styles.lineName}>
          {line.name}
        </AppLink>
        {line.spec && <p className={styles.muted}>{line.spec}</p>}
        <p className={styles.marks}>
          {reason && <span className={styles.markOff}>{reason}</span>}
          {priceChanged && (
            <span className={styles.markPrice}>
              {line.price < line.addedPrice ? "降价" : "涨价"}：加入时 {formatPrice(line.addedPrice)}
            </span>
          )}
          {overStock(line) && (
            <>
              <span className={styles.markOff}>库存仅剩 {line.stock} 件</span>
              <button
                type="button"
                className={styles.fixQuantity}
                disabled={busy}
                aria-label={`将${line.name}改为 ${line.stock} 件`}
                onClick={() => onQuantity(line, line.stock)}
              >
                改为 {line.stock} 件
              </button>
            </>
          )}
        </p>
      </div>
      <p className={styles.linePrice}>{formatPrice(line.price)}</p>
      <QuantityStepper
        value={line.quantity}
        max={Math.max(line.stock, 1)}
        disabled={busy || !line.available}
        label={line.name}
        onChange={(q) => onQuantity(line, q)}
      />
      <button
        type="button"
        className={styles.textButton}
        disabled={busy}
        aria-label={`删除：${line.name}`}
        onClick={() => onRemove({ ids: [line.id], message: `确定从购物车删除“${line.name}”吗？` })}
      >
        删除
      </button>
    </li>
  );
}
