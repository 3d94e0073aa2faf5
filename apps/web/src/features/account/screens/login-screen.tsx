// /login (docs/product.md §2, §4, §5, §8): log in or register with a mobile number and an SMS code. The number is
// checked here first ('请输入正确的手机号', nothing sent); '获取验证码' then waits 60 s; the server's
// answers (wrong code, too many tries) are shown as toasts. When the server asks for the human check
// (errorCode 1428, docs/decisions/0046) it appears below the code field; once solved the code is asked
// for again with the answer. On success: '登陆成功', phoneNum kept, and
// back to the `redirect` parameter when it is a path on this site, else home. A customer who is already
// logged in goes there at once.
import { useMutation } from "@tanstack/react-query";
import { ErrorCode, type HumanCheckChallenge, Messages, PHONE_LENGTH, RegisterBody, routes } from "@yj/contract";
import { type ComponentProps, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from "react-router";
import { controlProps } from "../../../components/labelled-field";
import { toast } from "../../../components/toast";
import { ApiError } from "../../../lib/api-client";
import { useApi } from "../../../lib/api-context";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { useAppState } from "../../../lib/store";
import { useCountdown } from "../../../lib/use-countdown";
import { safeRedirect } from "../../../session/redirect";
import { currentCustomerQuery, hasSessionCookie, useSessionActions } from "../../../session/session";
import { HumanCheck } from "./human-check";
import styles from "./login-screen.module.css";

/** A new code may be asked for after this long (the server allows one per phone per 60 s). */
export const RESEND_SECONDS = 60;
/** Longer waits after a refusal are told in the message, not counted down second by second. */
const RETRY_COUNTDOWN_MAX_SECONDS = 120;
const CODE_LENGTH = 6;

export async function loader({ request }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  // Someone with a live session has nothing to do here. Only a confirmed session redirects: a stale
  // cookie must not bounce the visitor away from the one page that can fix it.
  if (hasSessionCookie(request)) {
    const customer = await ctx.queryClient.fetchQuery(currentCustomerQuery(ctx.api)).catch(() => null);
    if (customer) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirect")));
  }
  return { title: "登录 / 注册", description: "手机号验证码登录，未注册的手机号将自动创建账户。" };
}

export interface LoginErrors {
  mobile?: string;
  code?: string;
}

/** The contract's own rules (RegisterBody): the same messages the server would answer. */
export function validateLogin(mobile: string, code?: string): LoginErrors {
  const errors: LoginErrors = {};
  const phone = RegisterBody.shape.mobile.safeParse(mobile);
  if (!phone.success) errors.mobile = phone.error.issues[0]?.message ?? Messages.invalidPhone;
  if (code !== undefined) {
    const sms = RegisterBody.shape.code.safeParse(code);
    if (!sms.success) errors.code = sms.error.issues[0]?.message ?? "请输入验证码";
  }
  return errors;
}

/** The challenge of a send refused for the human check, else null. */
function humanCheckAsked(error: unknown): { challenge: HumanCheckChallenge; message: string } | null {
  if (!(error instanceof ApiError) || error.errorCode !== ErrorCode.CHALLENGE_REQUIRED) return null;
  const challenge = (error.data as { challenge?: HumanCheckChallenge } | undefined)?.challenge;
  return challenge ? { challenge, message: error.message } : null;
}

const digitsOnly = (value: string, max: number) => value.replace(/\D/g, "").slice(0, max);
/** How the two fields of the form differ. */
const DIGIT_FIELDS = {
  mobile: { type: "tel", autoComplete: "tel", placeholder: "请输入 11 位手机号", length: PHONE_LENGTH },
  code: { type: "text", autoComplete: "one-time-code", placeholder: "6 位验证码", length: CODE_LENGTH },
} as const;

export default function LoginScreen() {
  const api = useApi();
  const uid = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get("redirect"));
  const loggedIn = useAppState((s) => s.loggedIn);
  const { remember } = useSessionActions();
  const [mobile, setMobile] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<LoginErrors>({});
  const codeInput = useRef<HTMLInputElement>(null);
  const countdown = useCountdown();
  const [check, setCheck] = useState<{ challenge: HumanCheckChallenge; message: string } | null>(null);

  // Already logged in, or just now: off to where the visitor was going.
  useEffect(() => {
    if (loggedIn) navigate(target, { replace: true });
  }, [loggedIn, navigate, target]);

  const send = useMutation({
    mutationFn: ({ phone, altcha }: { phone: string; altcha?: string }) =>
      api.get(routes.sendCode, { phone, timestamp: String(Date.now()), altcha }),
    // Errors are toasted below, except the request for the human check, which shows the check instead.
    meta: { quiet: true },
    onSuccess: () => {
      setCheck(null);
      toast(Messages.codeSent, "success");
      countdown.start(RESEND_SECONDS);
      codeInput.current?.focus();
    },
    // Refused for sending too soon: the server's message says why; a short wait is also counted
    // down on the button. Waits of hours (the hourly and daily caps) are left to the message.
    onError: (error) => {
      const asked = humanCheckAsked(error);
      if (asked) {
        setCheck(asked);
        return;
      }
      setCheck(null);
      toast(error.message, "error");
      const wait = error instanceof ApiError ? error.retryAfterSeconds : undefined;
      if (wait !== undefined && wait <= RETRY_COUNTDOWN_MAX_SECONDS) countdown.start(wait);
    },
  });
  const login = useMutation({
    mutationFn: (body: RegisterBody) => api.post(routes.register, body),
    onSuccess: (data) => {
      toast(Messages.loginSuccess, "success");
      remember(data.mobile);
    },
  });

  const sendCode = () => {
    const found = validateLogin(mobile);
    setErrors(found);
    if (found.mobile) return;
    send.mutate({ phone: mobile });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending) return;
    const found = validateLogin(mobile, code);
    setErrors(found);
    if (found.mobile || found.code) return;
    login.mutate({ mobile, code });
  };

  const waiting = countdown.left > 0;
  /** A digits field's wiring: its look, its id and message, and its message cleared as the visitor types. */
  const digitsField = (field: "mobile" | "code", value: string, set: (digits: string) => void) => ({
    ...DIGIT_FIELDS[field],
    ...controlProps(`${uid}${field}`, errors[field]),
    name: field,
    value,
    onDigits: (digits: string) => {
      set(digits);
      if (errors[field]) setErrors({ ...errors, [field]: undefined });
    },
  });

  return (
    <div className={`container ${styles.screen}`}>
      <div className={styles.card}>
        <aside className={styles.brand} aria-hidden>
          <p className={styles.brandTitle}>一站式整装，从这里开始</p>
          <ul>
            <li>收藏心仪的商品、攻略与案例</li>
            <li>购物车与订单随时查看</li>
            <li>免费预约设计师上门量房</li>
          </ul>
        </aside>
        <section className={styles.panel} aria-labelledby={`${uid}title`}>
          <h1 id={`${uid}title`} className={styles.title}>
            登录 / 注册
          </h1>
          <p className={styles.lead}>未注册的手机号验证后将自动创建账户</p>
          <form className={styles.form} noValidate onSubmit={submit}>
            <label className={styles.label} htmlFor={`${uid}mobile`}>
              手机号
            </label>
            <DigitsInput {...digitsField("mobile", mobile, setMobile)} />
            {errors.mobile && (
              <p id={`${uid}mobileerror`} className={styles.error} role="alert">
                {errors.mobile}
              </p>
            )}

            <label className={styles.label} htmlFor={`${uid}code`}>
              验证码
            </label>
            <div className={styles.codeRow}>
              <DigitsInput ref={codeInput} {...digitsField("code", code, setCode)} />
              <button
                type="button"
                className={`btn btn-ghost ${styles.sendButton}`}
                disabled={waiting || send.isPending}
                onClick={sendCode}
              >
                {waiting ? `${countdown.left} 秒后重新获取` : send.isPending ? "发送中…" : "获取验证码"}
              </button>
            </div>
            {errors.code && (
              <p id={`${uid}codeerror`} className={styles.error} role="alert">
                {errors.code}
              </p>
            )}
            {check && (
              <HumanCheck
                key={check.challenge.signature}
                challenge={check.challenge}
                message={check.message}
                onSolved={(altcha) => send.mutate({ phone: mobile, altcha })}
              />
            )}

            <button type="submit" className={`btn ${styles.submit}`} aria-busy={login.isPending}>
              {login.isPending ? "登录中…" : "登录"}
            </button>
          </form>
          <p className={styles.privacy}>
            您的手机号仅用于登录验证和服务联系，页面中只显示部分号码，我们不会公开或向第三方提供。
          </p>
        </section>
      </div>
    </div>
  );
}

/** A field of digits only (手机号, 验证码), at most `length` of them. */
function DigitsInput({
  length,
  onDigits,
  ...input
}: {
  length: number;
  onDigits(digits: string): void;
} & Omit<ComponentProps<"input">, "maxLength" | "onChange">) {
  return (
    <input
      {...input}
      className={styles.input}
      inputMode="numeric"
      maxLength={length}
      onChange={(e) => onDigits(digitsOnly(e.target.value, length))}
    />
  );
}
