// 注销账号's confirmation (docs/decisions/0076): a code sent to the account's phone (获取验证码, then a
// 60 s wait, as the login form), then 确认注销. A refusal (an open order, a wrong code) is shown inside
// the dialog, which stays open. On success the account is closed, this browser forgets the login
// and goes home.
import { PrivacyMessages, routes } from "@yj/contract";
import { type FormEvent, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useNavigate } from "react-router";
import dialogStyles from "../../components/confirm-dialog.module.css";
import { toast } from "../../components/toast";
import { keepTabInside, useDialogKeys } from "../../components/use-dialog-keys";
import { ApiError } from "../../lib/api-client";
import { useApi } from "../../lib/api-context";
import { useCountdown } from "../../lib/use-countdown";
import { markLoggedOut, useSessionActions } from "../../session/session";
import styles from "./my-data.module.css";

/** The server allows one code per phone per 60 s. */
const RESEND_SECONDS = 60;
const CODE = /^\d{6}$/;

export function CloseAccountDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  if (!open || typeof document === "undefined") return null;
  return createPortal(<Dialog onClose={onClose} />, document.body);
}

function Dialog({ onClose }: { onClose(): void }) {
  const id = useId();
  const api = useApi();
  const navigate = useNavigate();
  const { forget } = useSessionActions();
  const dialogRef = useRef<HTMLFormElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const countdown = useCountdown();
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ code?: string; form?: string }>({});
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  useDialogKeys(
    () => codeRef.current?.focus(),
    (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        onClose();
      } else {
        keepTabInside(dialogRef.current, e);
      }
    },
  );

  const sendCode = async () => {
    if (sending || countdown.left > 0) return;
    setSending(true);
    try {
      await api.post(routes.closeAccountCode);
      toast(PrivacyMessages.codeSent, "success");
      setErrors({});
      countdown.start(RESEND_SECONDS);
      codeRef.current?.focus();
    } catch (error) {
      setErrors((old) => ({ ...old, form: (error as Error).message || "验证码发送失败，请稍后重试" }));
      const wait = error instanceof ApiError ? error.retryAfterSeconds : undefined;
      if (wait !== undefined && wait <= 120) countdown.start(wait);
    } finally {
      setSending(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const codeError = CODE.test(code) ? undefined : code ? "请输入 6 位验证码" : "请输入验证码";
    setErrors({ code: codeError });
    if (codeError) return;
    setBusy(true);
    try {
      await api.post(routes.closeAccount, { code });
      toast(PrivacyMessages.closed, "success");
      markLoggedOut();
      forget();
      navigate("/", { replace: true });
    } catch (error) {
      setErrors({ form: (error as Error).message || "注销失败，请稍后重试" });
      setBusy(false);
    }
  };

  const described = (field: string | undefined, name: string) =>
    field ? { "aria-invalid": true as const, "aria-describedby": `${id}${name}Error` } : {};

  return (
    <div className={dialogStyles.backdrop}>
      <div className={dialogStyles.scrim} aria-hidden onClick={onClose} />
      <form
        ref={dialogRef}
        className={`${dialogStyles.dialog} ${styles.codeDialog}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}title`}
        noValidate
        onSubmit={submit}
      >
        <h2 id={`${id}title`} className={dialogStyles.title}>
          注销账号
        </h2>
        <div className={styles.dialogSummary}>
          <p>注销后账号立即关闭，个人数据将被删除或匿名化，且不可恢复。</p>
          <p>再次用该手机号登录将是一个全新的空账号。</p>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}code`}>
            短信验证码（发送至账号手机）
          </label>
          <div className={styles.codeRow}>
            <input
              ref={codeRef}
              id={`${id}code`}
              className={styles.input}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="6 位验证码"
              maxLength={6}
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, "").slice(0, 6));
                setErrors((old) => ({ ...old, code: undefined }));
              }}
              {...described(errors.code, "code")}
            />
            <button
              type="button"
              className="btn btn-ghost"
              disabled={countdown.left > 0 || sending}
              onClick={() => void sendCode()}
            >
              {countdown.left > 0 ? `${countdown.left} 秒后重新获取` : sending ? "发送中…" : "获取验证码"}
            </button>
          </div>
          {errors.code && (
            <p id={`${id}codeError`} className={styles.error} role="alert">
              {errors.code}
            </p>
          )}
        </div>
        {errors.form && (
          <p className={styles.error} role="alert">
            {errors.form}
          </p>
        )}
        <div className={dialogStyles.actions}>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="submit" className={`btn ${styles.danger}`} aria-busy={busy}>
            {busy ? "注销中…" : "确认注销"}
          </button>
        </div>
      </form>
    </div>
  );
}
