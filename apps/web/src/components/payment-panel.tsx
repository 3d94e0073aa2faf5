// The pay step (ADR 0024, 0026, 0062): precreate a trade (an order's, or the activity deposit's), show the
// amount and the QR code for the Alipay or WeChat app, poll the trade every 2 s and say 支付成功 without a
// reload. When the shop offers several methods the buyer chooses 支付宝 or 微信支付; choosing asks for
// that method's trade, and the server closes the other one. With the offline provider (development) a
// button completes the payment locally instead of a scan. A trade already paid (a deposit paid earlier
// from this phone) says 已支付 and offers no new code.
// On a phone (docs/decisions/0066) the page says so and the server, when the User-Agent agrees,
// answers a phone channel instead of a code: 去微信支付 (WeChat H5) or 去支付宝支付 (Alipay's mobile
// site) open the app's page, which sends the buyer back here to the same polling; inside WeChat,
// 微信支付 calls WeixinJSBridge (JSAPI) after WeChat's OAuth, and 支付宝 only says
// 请在浏览器中打开以使用支付宝 (WeChat blocks Alipay), making no trade and closing none.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  ALIPAY_IN_WECHAT_MESSAGE,
  AlreadyPaid,
  ErrorCode,
  type JsapiPayParams,
  NeedsWechatOauth,
  PAYMENT_METHOD_LABELS,
  type PaymentProvider,
  type PrecreateData,
  routes,
  type TradeData,
} from "@yj/contract";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError } from "../lib/api-client";
import { useApi } from "../lib/api-context";
import { formatPrice } from "../lib/format";
import { useOneAtATime } from "../lib/one-at-a-time";
import { apiQuery } from "../lib/queries";
import styles from "./payment-panel.module.css";
import { QrCode } from "./qr-code";

export const POLL_INTERVAL_MS = 2000;

/** An order's trade (orderNo), a project instalment's (docs/decisions/0073) or the deposit's (name and mobile). */
export type PrecreateRequest = { orderNo: string } | { instalmentId: number } | { name: string; mobile: string };

const paid = (trade: TradeData | undefined) => trade?.status === "TRADE_SUCCESS" || trade?.status === "TRADE_FINISHED";

/** The app the buyer scans with. */
const appOf = (provider: PaymentProvider | undefined) => (provider === "wechat" ? "微信" : "支付宝");

/** The browser, as the page sees it; the server checks the User-Agent again before a phone channel. */
const userAgent = () => (typeof navigator === "undefined" ? "" : navigator.userAgent);
export const inWechatBrowser = () => /MicroMessenger/i.test(userAgent());
export const onPhone = () => /iPhone|iPod|Android|HarmonyOS|Mobile|MicroMessenger/i.test(userAgent());

/** Leaving the page for WeChat's OAuth; tests replace it (jsdom does not navigate). */
export const leavePage = { to: (url: string) => window.location.assign(url) };

/** Where a deposit's form waits while the visitor is at WeChat's OAuth (this tab only, read once). */
export const DEPOSIT_RESUME_KEY = "yj-deposit-resume";

/** WeChat's bridge inside its browser (getBrandWCPayRequest); absent elsewhere. */
interface WeixinJSBridge {
  invoke(name: "getBrandWCPayRequest", params: JsapiPayParams, done: (result: { err_msg?: string }) => void): void;
}

/** Calls getBrandWCPayRequest once the bridge is there: "ok", "cancel" or "fail". */
export function invokeWechatPay(params: JsapiPayParams): Promise<"ok" | "cancel" | "fail"> {
  return new Promise((resolve) => {
    const call = () => {
      const bridge = (window as unknown as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge;
      if (!bridge) return resolve("fail");
      bridge.invoke("getBrandWCPayRequest", params, (result) => {
        const message = result?.err_msg ?? "";
        resolve(message.endsWith(":ok") ? "ok" : message.endsWith(":cancel") ? "cancel" : "fail");
      });
    };
    if ((window as unknown as { WeixinJSBridge?: unknown }).WeixinJSBridge) call();
    else document.addEventListener("WeixinJSBridgeReady", call, { once: true });
  });
}

/** Why a precreate failed, in words a buyer can act on. */
export function precreateFailure(error: unknown, method?: PaymentProvider): string {
  if (error instanceof ApiError && error.errorCode === ErrorCode.UPSTREAM) {
    return `${method === "wechat" ? "微信支付" : "支付宝"}暂时无法创建支付，请稍后重试`;
  }
  return error instanceof Error && error.message ? error.message : "支付创建失败，请稍后重试";
}

/** A precreate refused because the order or deposit is already paid: nothing to retry. */
export function refusedAsPaid(error: unknown): boolean {
  return error instanceof ApiError && AlreadyPaid.safeParse(error.data).success;
}

/** mm:ss until `deadline`, or null once it passed. */
export function remaining(deadline: string, now: number): string | null {
  const ms = new Date(deadline).getTime() - now;
  if (!(ms > 0)) return null;
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

export function PaymentPanel({
  request,
  payBefore,
  onPaid,
  paidExtra,
}: {
  request: PrecreateRequest;
  /** The order's pay-before time: a countdown, and no more polling after it. */
  payBefore?: string;
  onPaid?(trade: TradeData): void;
  /** What to show under 支付成功 (e.g. a link to the orders). */
  paidExtra?: React.ReactNode;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  // Back from WeChat's or Alipay's page (?via=): the same method again, so the same trade is polled.
  const via = search.get("via");
  const [phone] = useState(onPhone);
  const [wechat] = useState(inWechatBrowser);
  // The buyer's choice; undefined: the shop's default method (inside WeChat, WeChat Pay).
  const [method, setMethod] = useState<PaymentProvider | undefined>(() =>
    via === "alipay" || via === "wechat" ? via : wechat ? "wechat" : undefined,
  );
  // Alipay inside WeChat makes no trade: the page only says how to use it.
  const alipayBlocked = wechat && method === "alipay";
  // One trade per panel and method: never refetched by itself (a new precreate would be a new QR).
  const precreate = useQuery({
    ...apiQuery(api, routes.alipayPrecreate, {
      ...request,
      ...(method ? { method } : {}),
      ...(phone ? { client: "phone" as const } : {}),
    }),
    enabled: !alipayBlocked,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    meta: { quiet: true },
  });
  // The last trade stays on screen (and polled) while 支付宝 only shows its notice inside WeChat.
  const [lastTrade, setLastTrade] = useState<PrecreateData | undefined>(undefined);
  useEffect(() => {
    if (precreate.data) setLastTrade(precreate.data);
  }, [precreate.data]);
  const trade = alipayBlocked ? lastTrade : precreate.data;
  const oauth = precreate.isError ? NeedsWechatOauth.safeParse((precreate.error as ApiError).data) : undefined;
  const oauthUrl = oauth?.success ? oauth.data.oauthUrl : undefined;
  const oauthFailed = search.get("wechat_auth") === "failed";
  const leaving = useRef(false);
  useEffect(() => {
    if (!oauthUrl || oauthFailed || leaving.current) return;
    leaving.current = true;
    // The deposit's form is not in the URL: it waits in this tab until the visitor is back.
    if ("mobile" in request) sessionStorage.setItem(DEPOSIT_RESUME_KEY, JSON.stringify(request));
    leavePage.to(oauthUrl);
  }, [oauthUrl, oauthFailed, request]);
  const tradeQuery = apiQuery(api, routes.alipayQuery, { out_trade_no: trade?.outTradeNo ?? "" });
  const status = useQuery({
    ...tradeQuery,
    enabled: trade !== undefined,
    meta: { quiet: true },
    refetchInterval: (q) => (paid(q.state.data) || q.state.data?.status === "TRADE_CLOSED" ? false : POLL_INTERVAL_MS),
  });
  const offline = useMutation({
    mutationFn: (outTradeNo: string) => api.post(routes.offlinePay, { outTradeNo }),
    onSuccess: (result) => queryClient.setQueryData(tradeQuery.queryKey, result),
  });
  const paying = useOneAtATime();
  const isPaid = paid(status.data);
  const now = useNow(!isPaid && payBefore !== undefined);
  const left = payBefore ? remaining(payBefore, now) : undefined;

  const paidTrade = isPaid ? status.data : undefined;
  useEffect(() => {
    if (paidTrade) onPaid?.(paidTrade);
  }, [paidTrade, onPaid]);

  if (isPaid) {
    return (
      <div className={styles.done} role="status" data-testid="pay-success">
        <span className={styles.tick} aria-hidden>
          ✓
        </span>
        <p className={styles.doneTitle}>支付成功</p>
        <p className={styles.muted}>已支付 {formatPrice(status.data?.amount ?? trade?.amount ?? 0)}</p>
        {paidExtra}
      </div>
    );
  }
  if (precreate.isError && refusedAsPaid(precreate.error)) {
    return (
      <div className={styles.done} role="status" data-testid="pay-success">
        <span className={styles.tick} aria-hidden>
          ✓
        </span>
        <p className={styles.doneTitle}>已支付</p>
        <p className={styles.muted}>{precreate.error?.message}</p>
        {paidExtra}
      </div>
    );
  }
  if (oauthUrl) {
    return oauthFailed ? (
      <div className={styles.failed} role="alert">
        <p>微信授权未完成，无法使用微信支付</p>
        <a className="btn" href={oauthUrl}>
          重新授权
        </a>
      </div>
    ) : (
      <p className={styles.loading} aria-busy="true">
        正在前往微信授权…
      </p>
    );
  }
  if (alipayBlocked && trade) {
    return (
      <PayCode trade={trade} left={left ?? undefined} offline={false} onMethod={setMethod} current="alipay">
        <p className={styles.notice} role="status" data-testid="alipay-in-wechat">
          {ALIPAY_IN_WECHAT_MESSAGE}
          <br />
          <span className={styles.muted}>点右上角「···」，选择「在浏览器打开」。</span>
        </p>
      </PayCode>
    );
  }
  if (precreate.isError || alipayBlocked) {
    const message = alipayBlocked ? ALIPAY_IN_WECHAT_MESSAGE : precreateFailure(precreate.error, method);
    return (
      <div className={styles.failed} role="alert">
        <p>{message}</p>
        {wechat && method === "wechat" && message !== ALIPAY_IN_WECHAT_MESSAGE && (
          <p className={styles.muted}>也可点右上角「···」，选择「在浏览器打开」后使用支付宝。</p>
        )}
        {!alipayBlocked && (
          <button type="button" className="btn btn-ghost" onClick={() => void precreate.refetch()}>
            重新获取支付码
          </button>
        )}
      </div>
    );
  }
  if (!trade) {
    return (
      <p className={styles.loading} aria-busy="true">
        正在生成支付码…
      </p>
    );
  }
  if (left === null || status.data?.status === "TRADE_CLOSED") {
    return (
      <div className={styles.failed} role="alert">
        <p>{left === null ? "支付已超时，订单将自动取消，请重新下单" : "交易已关闭，请重新下单"}</p>
      </div>
    );
  }
  return (
    <PayCode trade={trade} left={left} offline={trade.provider === "offline"} onMethod={setMethod}>
      <PhonePay trade={trade} onReturn={() => void status.refetch()} />
      {trade.provider === "offline" && (
        <div className={styles.offline}>
          <p className={styles.muted}>开发环境未接入支付宝：点击下方按钮在本地完成支付。</p>
          <button
            type="button"
            className="btn"
            disabled={paying.busy}
            aria-busy={paying.busy}
            onClick={() => paying.start() && offline.mutate(trade.outTradeNo, { onSettled: paying.finish })}
          >
            {paying.busy ? "支付中…" : "模拟支付（开发环境）"}
          </button>
        </div>
      )}
    </PayCode>
  );
}

/**
 * How to pay with the phone that shows the code (#27 item 9): a phone cannot scan its own screen, so
 * until the provider's mobile flow exists the buyer saves the code and scans it from the album. Shown
 * on phone-width screens only (the stylesheet decides, so the server's page has it from the start).
 * The code is inline SVG, which a long press cannot save: the steps say to take a screenshot.
 */
function PhonePaySteps({ offline, provider }: { offline: boolean; provider: PaymentProvider }) {
  const app = appOf(provider);
  return (
    <section className={styles.phoneSteps} aria-labelledby="phone-pay-title" data-testid="phone-pay-steps">
      <h2 id="phone-pay-title" className={styles.phoneTitle}>
        在这台手机上支付
      </h2>
      <ol>
        <li>截屏保存上方的二维码；</li>
        <li>
          {provider === "wechat"
            ? "打开微信，点「扫一扫」，再点「相册」，选中刚才的截图；"
            : "打开支付宝，点「扫一扫」，再点右上角「相册」，选中刚才的截图；"}
        </li>
        <li>在{app}中确认付款，然后回到本页，页面会自动显示支付结果。</li>
        {offline && <li>开发环境未接入支付宝：也可直接点下方「模拟支付（开发环境）」完成支付。</li>}
      </ol>
      <p className={styles.muted}>也可以用另一台手机的{app}直接扫描上方二维码。</p>
    </section>
  );
}

/** 支付宝 or 微信支付, when the shop offers more than one: choosing asks for that method's trade. */
function MethodChoice({
  methods,
  current,
  onMethod,
}: {
  methods: PaymentProvider[];
  current: PaymentProvider;
  onMethod(method: PaymentProvider): void;
}) {
  return (
    <fieldset className={styles.methods} data-testid="pay-methods">
      <legend>支付方式</legend>
      {methods.map((m) => (
        <label key={m} className={styles.method}>
          <input type="radio" name="pay-method" value={m} checked={m === current} onChange={() => onMethod(m)} />
          {PAYMENT_METHOD_LABELS[m]}
        </label>
      ))}
    </fieldset>
  );
}

function PayCode({
  trade,
  left,
  offline,
  onMethod,
  current,
  children,
}: {
  trade: PrecreateData;
  left?: string;
  offline: boolean;
  onMethod(method: PaymentProvider): void;
  /** The method shown as chosen, when it is not the trade's (支付宝 inside WeChat makes no trade). */
  current?: PaymentProvider;
  children: React.ReactNode;
}) {
  const app = appOf(trade.provider);
  const qr = (trade.channel ?? "qr") === "qr" && current === undefined;
  return (
    <div className={styles.panel}>
      <p className={styles.amount}>
        应付 <strong data-testid="pay-amount">{formatPrice(trade.amount)}</strong>
      </p>
      <p className={styles.subject}>{trade.subject}</p>
      {trade.methods && trade.methods.length > 1 && (
        <MethodChoice methods={trade.methods} current={current ?? trade.provider} onMethod={onMethod} />
      )}
      {qr && (
        <>
          <div className={styles.qr}>
            <QrCode text={trade.qrCode} label={trade.provider === "wechat" ? "微信支付付款码" : "支付宝付款码"} />
          </div>
          <p className={styles.hint}>请使用{app}扫一扫完成付款，支付后页面会自动更新</p>
          <PhonePaySteps offline={offline} provider={trade.provider} />
        </>
      )}
      {left && (
        <p className={styles.countdown} aria-live="off">
          剩余支付时间 <strong>{left}</strong>
        </p>
      )}
      {children}
    </div>
  );
}

/**
 * A phone channel's button (docs/decisions/0066): WeChat H5 and Alipay's mobile site are links to the
 * app's page (it sends the browser back here); JSAPI invokes WeChat's bridge, then the polling
 * confirms. Nothing here decides that a trade is paid: only the server's answer to the polling does.
 */
function PhonePay({ trade, onReturn }: { trade: PrecreateData; onReturn(): void }) {
  const [outcome, setOutcome] = useState<"cancel" | "fail" | undefined>(undefined);
  const invoking = useOneAtATime();
  if ((trade.channel === "h5" || trade.channel === "wap") && trade.payUrl) {
    const wechat = trade.channel === "h5";
    return (
      <div className={styles.phonePay} data-testid="phone-pay">
        <a className="btn" href={trade.payUrl}>
          {wechat ? "去微信支付" : "去支付宝支付"}
        </a>
        <p className={styles.hint}>
          将打开{wechat ? "微信" : "支付宝"}完成付款，付款后返回本页，页面会自动显示支付结果
        </p>
      </div>
    );
  }
  if (trade.channel === "jsapi" && trade.jsapi) {
    const params = trade.jsapi;
    return (
      <div className={styles.phonePay} data-testid="phone-pay">
        <button
          type="button"
          className="btn"
          disabled={invoking.busy}
          aria-busy={invoking.busy}
          onClick={() => {
            if (!invoking.start()) return;
            setOutcome(undefined);
            void invokeWechatPay(params).then((result) => {
              invoking.finish();
              if (result === "ok") onReturn();
              else setOutcome(result);
            });
          }}
        >
          {invoking.busy ? "支付中…" : "微信支付"}
        </button>
        {outcome && (
          <p className={styles.notice} role="status">
            {outcome === "cancel" ? "已取消支付，可再次点击微信支付" : "微信支付未完成，请稍后重试"}
          </p>
        )}
        <p className={styles.hint}>在微信中确认付款后，页面会自动显示支付结果</p>
      </div>
    );
  }
  return null;
}

/**
 * Back on the activity page from WeChat's or Alipay's page with the deposit's trade (?trade=): its
 * state by the same polling, without the form (which the URL does not carry).
 */
export function ReturnedTrade({
  outTradeNo,
  paidExtra,
  onRestart,
}: {
  outTradeNo: string;
  paidExtra?: React.ReactNode;
  onRestart(): void;
}) {
  const api = useApi();
  const status = useQuery({
    ...apiQuery(api, routes.alipayQuery, { out_trade_no: outTradeNo }),
    meta: { quiet: true },
    refetchInterval: (q) => (paid(q.state.data) || q.state.data?.status === "TRADE_CLOSED" ? false : POLL_INTERVAL_MS),
  });
  if (paid(status.data)) {
    return (
      <div className={styles.done} role="status" data-testid="pay-success">
        <span className={styles.tick} aria-hidden>
          ✓
        </span>
        <p className={styles.doneTitle}>支付成功</p>
        <p className={styles.muted}>已支付 {formatPrice(status.data?.amount ?? 0)}</p>
        {paidExtra}
      </div>
    );
  }
  if (status.isError) {
    return (
      <div className={styles.failed} role="alert">
        <p>查询支付结果失败，请稍后重试</p>
        <button type="button" className="btn btn-ghost" onClick={() => void status.refetch()}>
          重新查询
        </button>
      </div>
    );
  }
  return (
    <div className={styles.panel} role="status">
      <p className={styles.hint} aria-busy={!status.data}>
        {status.data?.status === "TRADE_CLOSED" ? "交易已关闭" : "正在确认支付结果…如已付款，页面会自动更新"}
      </p>
      <button type="button" className="btn btn-ghost" onClick={onRestart}>
        重新支付
      </button>
    </div>
  );
}
