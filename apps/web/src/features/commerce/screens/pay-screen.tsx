// /pay/:orderNo (ADR 0026): the pay step of one order — its amount, lines and the pay-before countdown,
// the QR code (PaymentPanel polls until paid and says 支付成功 without a reload), then to /my-orders.
// An order that is no longer unpaid shows its state instead (a cancelled one says why); one that does not
// exist, or is another customer's (the API answers not found for both), says 订单不存在. Needs a session.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorCode, ORDER_EXPIRY_NOTE, ORDER_STATUS_LABELS, type Order, routes } from "@yj/contract";
import { useCallback } from "react";
import { type LoaderFunctionArgs, useParams, useSearchParams } from "react-router";
import { AppLink } from "../../../components/app-link";
import { PaymentPanel } from "../../../components/payment-panel";
import { ApiError } from "../../../lib/api-client";
import { useApi } from "../../../lib/api-context";
import { payPath } from "../../../lib/checkout-path";
import { formatPrice } from "../../../lib/format";
import { apiQuery } from "../../../lib/queries";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { loginPath } from "../../../session/redirect";
import { useRequireLogin } from "../../../session/require-login";
import { hasSessionCookie } from "../../../session/session";
import styles from "../commerce.module.css";
import { LoadingOrFailed } from "../load-failed";
import { OrderLines } from "../order-lines";
import { ScreenFrame } from "../screen-frame";

const ORDER_NO = /^[A-Z0-9]{8,32}$/;

export async function loader({ request, params }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  const orderNo = params.orderNo ?? "";
  if (hasSessionCookie(request) && ORDER_NO.test(orderNo)) {
    await ctx.queryClient.prefetchQuery(apiQuery(ctx.api, routes.orderDetail, { orderNo }));
  }
  return { title: "订单支付", description: "扫码支付订单。" };
}

/** Why a cancelled order was cancelled, as the customer should read it; null when it is not cancelled. */
export function cancelReason(order: Order): string | null {
  if (order.status !== "cancelled") return null;
  const event = order.history.findLast((e) => e.status === "cancelled");
  return event?.note === ORDER_EXPIRY_NOTE ? ORDER_EXPIRY_NOTE : "订单已取消，如需购买请重新下单";
}

export default function PayScreen() {
  const allowed = useRequireLogin();
  const api = useApi();
  const queryClient = useQueryClient();
  const orderNo = useParams().orderNo ?? "";
  // Back from WeChat's or Alipay's page (docs/decisions/0066): a paid order there says 支付成功.
  const backFromApp = useSearchParams()[0].has("via");
  const valid = ORDER_NO.test(orderNo);
  const detail = apiQuery(api, routes.orderDetail, { orderNo });
  const { data: order, isError, error, refetch } = useQuery({ ...detail, enabled: allowed && valid });
  const missing = error instanceof ApiError && error.errorCode === ErrorCode.NOT_FOUND;
  // Paid: the lists and this order are stale, but this page keeps saying 支付成功 rather than
  // refetching the order into its 已支付 view.
  const onPaid = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [routes.orderDetail.path], refetchType: "none" });
    void queryClient.invalidateQueries({ queryKey: [routes.myOrders.path] });
  }, [queryClient]);

  let body: React.ReactNode;
  if (!allowed) {
    body = (
      <p className="empty">
        登录后支付订单。<AppLink to={loginPath(payPath(orderNo))}>去登录</AppLink>
      </p>
    );
  } else if (!valid || (missing && !order)) {
    body = (
      <div className={`empty ${styles.emptyBox}`} role="alert">
        <p>订单不存在</p>
        <p className={styles.muted}>请检查订单号，或到我的订单查看您的订单。</p>
        <AppLink to="/my-orders" className="btn">
          我的订单
        </AppLink>
      </div>
    );
  } else if (!order) {
    body = <LoadingOrFailed what="订单" failed={isError} onRetry={() => void refetch()} />;
  } else {
    const toOrders = (
      <AppLink to="/my-orders" className="btn">
        查看我的订单
      </AppLink>
    );
    body = (
      <>
        <div className={`${styles.card} ${styles.payCard}`}>
          <p className={styles.payMeta}>
            <span>订单号 {order.orderNo}</span>
            <span>
              订单金额 <strong>{formatPrice(order.totalAmount)}</strong>
            </span>
          </p>
          {order.status === "pending_payment" ? (
            <PaymentPanel request={{ orderNo }} payBefore={order.payBefore} onPaid={onPaid} paidExtra={toOrders} />
          ) : (
            <div className={styles.done} role="status">
              <p className={styles.cardTitle}>
                {backFromApp && order.status === "paid" ? "支付成功" : `订单${ORDER_STATUS_LABELS[order.status]}`}
              </p>
              {cancelReason(order) && <p className={styles.muted}>{cancelReason(order)}</p>}
              {toOrders}
            </div>
          )}
        </div>
        <div className={`${styles.card} ${styles.payCard}`}>
          <h2 className={styles.cardTitle}>商品清单</h2>
          <OrderLines lines={order.lines} />
          <p className={styles.muted}>
            收货人：{order.address.name}，{order.address.province}
            {order.address.city}
            {order.address.district}
            {order.address.town}
            {order.address.detail}
          </p>
        </div>
      </>
    );
  }
  return <ScreenFrame title="订单支付">{body}</ScreenFrame>;
}
