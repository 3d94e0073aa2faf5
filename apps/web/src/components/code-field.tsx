// The SMS code of a confirmation dialog (注销账号 in 我的数据, the owner's acts in 我的装修): a
// six-digit input and 获取验证码 beside it, which asks for a code and then waits, as the login form does.
import { type RefObject, useState } from "react";
import { ApiError } from "../lib/api-client";
import { useCountdown } from "../lib/use-countdown";
import styles from "./code-field.module.css";
import { controlProps, type FieldClasses, LabelledField } from "./labelled-field";
import { toast } from "./toast";

/** The server allows one code per phone per 60 s. */
const RESEND_SECONDS = 60;
/** A wait the server asks for is counted down on the button up to this many seconds. */
const MAX_COUNTED_WAIT = 120;
const CODE = /^\d{6}$/;

/** The message for a code that cannot be sent as it is; undefined for six digits. */
export function codeError(code: string): string | undefined {
  if (CODE.test(code)) return undefined;
  return code ? "请输入 6 位验证码" : "请输入验证码";
}

export function CodeField({
  id,
  label,
  code,
  error,
  inputRef,
  classes,
  onChange,
  send,
  sentMessage,
  onSendFailed,
}: {
  /** The input's id; the message's is `${id}error`. */
  id: string;
  label: string;
  code: string;
  error?: string;
  /** The dialog focuses the input first; it is focused again once a code is sent. */
  inputRef: RefObject<HTMLInputElement | null>;
  /** The form's field look (see LabelledField). */
  classes: FieldClasses;
  /** The digits typed, at most six. */
  onChange(code: string): void;
  /** Asks the server for a code. */
  send(): Promise<unknown>;
  /** The toast once it is sent. */
  sentMessage: string;
  /** The refusal's message (e.g. too soon), for the dialog to show. */
  onSendFailed(message: string): void;
}) {
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const sendCode = async () => {
    if (sending || countdown.left > 0) return;
    setSending(true);
    try {
      await send();
      toast(sentMessage, "success");
      countdown.start(RESEND_SECONDS);
      inputRef.current?.focus();
    } catch (error) {
      onSendFailed((error as Error).message || "验证码发送失败，请稍后重试");
      const wait = error instanceof ApiError ? error.retryAfterSeconds : undefined;
      if (wait !== undefined && wait <= MAX_COUNTED_WAIT) countdown.start(wait);
    } finally {
      setSending(false);
    }
  };

  return (
    <LabelledField id={id} label={label} error={error} classes={classes}>
      <div className={styles.row}>
        <input
          ref={inputRef}
          {...controlProps(id, error)}
          className={styles.input}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="6 位验证码"
          maxLength={6}
          value={code}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, "").slice(0, 6))}
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
    </LabelledField>
  );
}
