// 注销账号's confirmation (docs/decisions/0076): a code sent to the account's phone (获取验证码, then a
// 60 s wait, as the login form), then 确认注销. A refusal (an open order, a wrong code) is shown inside
// the dialog, which stays open. On success the account is closed, this browser forgets the login
// and goes home.
import { PrivacyMessages, routes } from "@yj/contract";
import { type FormEvent, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useNavigate } from "react-router";
import { CodeField, codeError } from "../../components/code-field";
import { FormDialog } from "../../components/form-dialog";
import { toast } from "../../components/toast";
import { useApi } from "../../lib/api-context";
import { markLoggedOut, useSessionActions } from "../../session/session";
import styles from "./my-data.module.css";

export function CloseAccountDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  if (!open || typeof document === "undefined") return null;
  return createPortal(<Dialog onClose={onClose} />, document.body);
}

function Dialog({ onClose }: { onClose(): void }) {
  const id = useId();
  const api = useApi();
  const navigate = useNavigate();
  const { forget } = useSessionActions();
  const codeRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = codeError(code);
    setErrors({ code: found });
    if (found) return;
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

  return (
    <FormDialog
      title="注销账号"
      className={styles.codeDialog}
      focusFirst={() => codeRef.current?.focus()}
      onClose={onClose}
      onSubmit={submit}
      submitButton={
        <button type="submit" className={`btn ${styles.danger}`} aria-busy={busy}>
          {busy ? "注销中…" : "确认注销"}
        </button>
      }
    >
      <div className={styles.dialogSummary}>
        <p>注销后账号立即关闭，个人数据将被删除或匿名化，且不可恢复。</p>
        <p>再次用该手机号登录将是一个全新的空账号。</p>
      </div>
      <CodeField
        id={`${id}code`}
        label="短信验证码（发送至账号手机）"
        code={code}
        error={errors.code}
        inputRef={codeRef}
        classes={styles}
        onChange={(digits) => {
          setCode(digits);
          setErrors((old) => ({ ...old, code: undefined }));
        }}
        send={async () => {
          await api.post(routes.closeAccountCode);
          setErrors({});
        }}
        sentMessage={PrivacyMessages.codeSent}
        onSendFailed={(message) => setErrors((old) => ({ ...old, form: message }))}
      />
      {errors.form && (
        <p className={styles.error} role="alert">
          {errors.form}
        </p>
      )}
    </FormDialog>
  );
}
