// /submitOrder (docs/product.md §2; ADR 0023, 0026): the contact prefilled from getCustomerInfoForShopping (the
// last address ordered to), the delivery address over the 4-level region table, the order summary, a note,
// and submit — createOrders for the cart's selected lines, createOrder for one item bought now
// (?goodsId&skuId&quantity[&isMeal]). Each submit attempt carries one Idempotency-Key, reused when the
// same order is retried, so a lost answer never makes a second order (R8). Then the pay step.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CustomerInfoData,
  goodsPath,
  IDEMPOTENCY_HEADER,
  MADE_TO_ORDER_CONFIRM_LABEL,
  ORDER_PAYMENT_WINDOW_MINUTES,
  type Order,
  type OrderLine,
  routes,
} from "@yj/contract";
import { type FormEvent, useId, useRef, useState } from "react";
import { type LoaderFunctionArgs, useNavigate } from "react-router";
import {
  type AddressErrors,
  AddressFields,
  type AddressValues,
  addressErrors,
  EMPTY_ADDRESS,
  Field,
} from "../../../components/address-fields";
import { AppLink } from "../../../components/app-link";
import { useApi } from "../../../lib/api-context";
import { type BuyNowItem, parseBuyNow, payPath } from "../../../lib/checkout-path";
import { formatPrice } from "../../../lib/format";
import { useOneAtATime } from "../../../lib/one-at-a-time";
import { apiQuery } from "../../../lib/queries";
import { randomId } from "../../../lib/request-id";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { useScreenSearchParams } from "../../../lib/screen-location";
import { useAppState } from "../../../lib/store";
import { cartQuery, checkoutLines } from "../../../session/cart";
import { loginPath } from "../../../session/redirect";
import { useRequireLogin } from "../../../session/require-login";
import { currentCustomerQuery, hasSessionCookie, QUIET } from "../../../session/session";
import styles from "../commerce.module.css";
import { LoadFailed } from "../load-failed";
import { LineSummary } from "../order-lines";
import { ScreenFrame } from "../screen-frame";

export async function loader({ request }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  const buyNow = parseBuyNow(new URL(request.url).searchParams);
  if (hasSessionCookie(request) && !buyNow) await ctx.queryClient.prefetchQuery(cartQuery(ctx.api));
  return { title: "确认订单", description: "填写收货信息并提交订单。" };
}

const REMARK_MAX = 200;
const THUMB = 56;

/** What the summary lists: from the cart's selection or the one item bought now. */
type SummaryLine = Pick<OrderLine, "name" | "spec" | "cover" | "price" | "quantity" | "madeToOrder"> & {
  key: string;
};

function useBuyNowSummary(item: BuyNowItem | null) {
  const api = useApi();
  const id = item?.goodsId ?? 0;
  const single = useQuery({ ...apiQuery(api, routes.goodsDetail, { id }), enabled: item !== null && !item.isMeal });
  const pkg = useQuery({ ...apiQuery(api, routes.packageDetail, { id }), enabled: item?.isMeal !== undefined });
  const goods = item?.isMeal ? pkg : single;
  const sku = goods.data?.skus.find((s) => s.id === item?.skuId);
  const lines: SummaryLine[] | undefined =
    item && goods.data
      ? sku
        ? [
            {
              key: String(sku.id),
              name: goods.data.name,
              spec: sku.spec,
              cover: goods.data.cover,
              price: sku.price,
              quantity: item.quantity,
              madeToOrder: goods.data.madeToOrder,
            },
          ]
        : []
      : undefined;
  // The one item's price times its quantity; the order itself is priced by the server.
  const total = lines?.reduce((sum, l) => sum + l.price * l.quantity, 0);
  return { lines, total, isError: goods.isError, refetch: goods.refetch };
}

function useCartSummary(enabled: boolean) {
  const api = useApi();
  const cart = useQuery({ ...cartQuery(api), enabled });
  const selected = cart.data ? checkoutLines(cart.data) : undefined;
  const lines: SummaryLine[] | undefined = selected?.map((l) => ({
    key: String(l.id),
    name: l.name,
    spec: l.spec,
    cover: l.cover,
    price: l.price,
    quantity: l.quantity,
    madeToOrder: l.madeToOrder,
  }));
  return { lines, total: cart.data?.realPrice, cartIds: selected?.map((l) => l.id) ?? [], ...cart };
}

/** The login mobile: the stored phoneNum, else the current customer the server knows. */
function useLoginMobile(allowed: boolean): string | undefined {
  const api = useApi();
  const phoneNum = useAppState((s) => s.phoneNum);
  const { data } = useQuery({ ...currentCustomerQuery(api), enabled: allowed && !phoneNum });
  return phoneNum ?? data?.mobile;
}

export default function SubmitOrderScreen() {
  const allowed = useRequireLogin();
  const api = useApi();
  const search = useScreenSearchParams();
  const buyNow = parseBuyNow(search);
  const nowSummary = useBuyNowSummary(allowed ? buyNow : null);
  const cartSummary = useCartSummary(allowed && !buyNow);
  const summary = buyNow ? nowSummary : cartSummary;
  const mobile = useLoginMobile(allowed);
  const info = useQuery({
    ...apiQuery(api, routes.customerInfo, { mobile: mobile ?? "" }),
    enabled: allowed && mobile !== undefined,
    meta: QUIET,
  });

  if (!allowed) {
    return (
      <Frame>
        <p className="empty">
          登录后提交订单。<AppLink to={loginPath("/submitOrder")}>去登录</AppLink>
        </p>
      </Frame>
    );
  }
  if (summary.isError) {
    return (
      <Frame>
        <LoadFailed what="订单商品" onRetry={() => void summary.refetch()} />
      </Frame>
    );
  }
  if (!summary.lines || (!info.data && !info.isError)) {
    return (
      <Frame>
        <p className="empty" aria-busy="true">
          正在准备订单…
        </p>
      </Frame>
    );
  }
  if (summary.lines.length === 0) {
    return (
      <Frame>
        <div className={`empty ${styles.emptyBox}`}>
          <p>{buyNow ? "该规格已不存在，请重新选择" : "没有选中可结算的商品"}</p>
          <AppLink to={buyNow ? goodsPath(buyNow.goodsId) : "/shoppingCart"} className="btn">
            {buyNow ? "返回商品" : "返回购物车"}
          </AppLink>
        </div>
      </Frame>
    );
  }
  return (
    <Frame>
      <OrderForm
        info={info.data ?? null}
        lines={summary.lines}
        total={summary.total ?? 0}
        buyNow={buyNow}
        cartIds={cartSummary.cartIds}
      />
    </Frame>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return <ScreenFrame title="确认订单">{children}</ScreenFrame>;
}

function initialAddress(info: CustomerInfoData | null): AddressValues {
  if (info?.address) return { ...EMPTY_ADDRESS, ...info.address, town: info.address.town ?? "" };
  return { ...EMPTY_ADDRESS, phone: info?.mobile ?? "" };
}

function OrderForm({
  info,
  lines,
  total,
  buyNow,
  cartIds,
}: {
  info: CustomerInfoData | null;
  lines: SummaryLine[];
  total: number;
  buyNow: BuyNowItem | null;
  cartIds: number[];
}) {
  const api = useApi();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [address, setAddress] = useState(() => initialAddress(info));
  const [remark, setRemark] = useState("");
  const [errors, setErrors] = useState<AddressErrors>({});
  // Made-to-order goods (docs/decisions/0064): the buyer ticks that they have no seven-day no-reason return.
  const madeToOrder = lines.some((l) => l.madeToOrder);
  const [confirmed, setConfirmed] = useState(false);
  const [confirmError, setConfirmError] = useState(false);
  const confirmBox = useRef<HTMLInputElement>(null);
  // One key per order attempt: the same body retried keeps it, a changed order gets a new one.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  // A double click on 提交订单 sends one request (the Idempotency-Key would make a second one harmless,
  // but it is still a second request and a second wait).
  const submitting = useOneAtATime();

  const submit = useMutation({
    mutationFn: ({ key }: { key: string }): Promise<Order> => {
      const headers = { [IDEMPOTENCY_HEADER]: key };
      const confirmation = madeToOrder ? { madeToOrderConfirmed: confirmed } : {};
      return buyNow
        ? api.post(routes.createOrder, { ...buyNow, address, remark, ...confirmation }, { headers })
        : api.post(routes.createOrders, { cartIds, address, remark, ...confirmation }, { headers });
    },
    onSuccess: (order) => {
      // The ordered lines left the cart: the cart and its count follow.
      if (!buyNow) void queryClient.invalidateQueries({ queryKey: cartQuery(api).queryKey });
      void queryClient.invalidateQueries({ queryKey: [routes.myOrders.path] });
      navigate(payPath(order.orderNo), { replace: true });
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = addressErrors(address);
    setErrors(found ?? {});
    const unconfirmed = madeToOrder && !confirmed;
    setConfirmError(unconfirmed);
    if (found) {
      document.getElementById(`${id}form`)?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
      return;
    }
    if (unconfirmed) {
      confirmBox.current?.focus();
      return;
    }
    if (!submitting.start()) return;
    const body = JSON.stringify({ buyNow, cartIds, address, remark, confirmed });
    if (attempt.current?.body !== body) attempt.current = { body, key: randomId() };
    submit.mutate({ key: attempt.current.key }, { onSettled: submitting.finish });
  };

  return (
    <form id={`${id}form`} className={styles.orderLayout} noValidate onSubmit={onSubmit} aria-label="提交订单">
      <div>
        <div className={styles.card}>
          <AddressFields
            values={address}
            errors={errors}
            onChange={(patch) => {
              setAddress((a) => ({ ...a, ...patch }));
              setErrors((old) => ({ ...old, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
            }}
          />
          <p className={styles.muted}>提交后将保存为默认收货地址，下次下单自动填写。</p>
        </div>
        <div className={styles.card}>
          <Field id={`${id}remark`} label="订单备注（选填）">
            <textarea
              id={`${id}remark`}
              className={styles.textarea}
              name="remark"
              maxLength={REMARK_MAX}
              placeholder="如送货时间、楼层电梯等"
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
            />
          </Field>
        </div>
      </div>
      <aside className={`${styles.card} ${styles.summary}`} aria-label="订单摘要">
        <h2 className={styles.cardTitle}>商品清单</h2>
        <ul className={styles.summaryLines}>
          {lines.map((l) => (
            <li key={l.key} className={styles.summaryLine}>
              <LineSummary line={l} thumb={THUMB} />
            </li>
          ))}
        </ul>
        <p className={`${styles.summaryRow} ${styles.summaryTotal}`}>
          <span>应付金额</span>
          <strong data-testid="order-total">{formatPrice(total)}</strong>
        </p>
        <p className={styles.muted}>价格以提交时为准；下单后请在 {ORDER_PAYMENT_WINDOW_MINUTES} 分钟内完成支付。</p>
        {madeToOrder && (
          <div className={styles.madeToOrderConfirm}>
            <label className={styles.check}>
              <input
                ref={confirmBox}
                type="checkbox"
                name="madeToOrderConfirmed"
                required
                checked={confirmed}
                aria-invalid={confirmError ? true : undefined}
                aria-describedby={confirmError ? `${id}confirmError` : undefined}
                onChange={(e) => {
                  setConfirmed(e.target.checked);
                  if (e.target.checked) setConfirmError(false);
                }}
              />
              {MADE_TO_ORDER_CONFIRM_LABEL}
            </label>
            {confirmError && (
              <p id={`${id}confirmError`} className={styles.error} role="alert">
                订单含定制商品，请先勾选确认
              </p>
            )}
          </div>
        )}
        {submit.isError && (
          <p className={styles.alert} role="alert">
            提交失败：{submit.error.message}
          </p>
        )}
        <button type="submit" className={`btn ${styles.submit}`} disabled={submitting.busy} aria-busy={submitting.busy}>
          {submitting.busy ? "提交中…" : submit.isError ? "重新提交" : "提交订单"}
        </button>
      </aside>
    </form>
  );
}
