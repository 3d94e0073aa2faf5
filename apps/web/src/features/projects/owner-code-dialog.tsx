// Every act of the owner in 我的装修 (accept a stage, object to it, approve or refuse a change order)
// is confirmed by a code sent to the project's owner phone (docs/decisions/0069): this dialog asks
// for it. 获取验证码 sends it (POST /api/my-project/code) and then waits 60 s, as the login form
// does; the act is sent with the code, and a refusal (wrong or used code, stage out of order) is
// shown inside the dialog, which stays open so the owner can try again.
import { readEnvelope } from "@yj/api-client";
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  type Envelope,
  MAX_OBJECTION_PHOTOS,
  type OwnerPhotoData,
  type ProjectDetail,
  ProjectMessages,
  routes,
} from "@yj/contract";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import dialogStyles from "../../components/confirm-dialog.module.css";
import { toast } from "../../components/toast";
import { keepTabInside, useDialogKeys } from "../../components/use-dialog-keys";
import { ApiError } from "../../lib/api-client";
import { useApi } from "../../lib/api-context";
import { cookieValue } from "../../lib/cookies";
import { useCountdown } from "../../lib/use-countdown";
import styles from "./projects.module.css";

/**
 * Sends one objection photo as the request body (the server reads its type from the bytes, and takes
 * it only from the project's owner: docs/decisions/0079).
 */
export async function uploadOwnerPhoto(projectId: number, file: Blob): Promise<OwnerPhotoData> {
  const route = routes.myProjectPhotoUpload;
  const res = await fetch(`${route.path}?projectId=${projectId}`, {
    method: route.method,
    credentials: "same-origin",
    headers: {
      "content-type": file.type || "application/octet-stream",
      [CSRF_HEADER]: cookieValue(document.cookie, CSRF_COOKIE) ?? "",
    },
    body: file,
  });
  const body = (await res.json().catch(() => null)) as Envelope<OwnerPhotoData> | null;
  return readEnvelope(res.status, body, res.headers.get("retry-after")).data;
}

/** The server allows one code per phone per 60 s. */
export const RESEND_SECONDS = 60;
const CODE = /^\d{6}$/;

export interface OwnerAct {
  title: string;
  /** What the owner is about to confirm, in a sentence or two. */
  summary: ReactNode;
  confirmLabel: string;
  /** An objection asks for its reasons, and takes photos. */
  withReasons?: boolean;
  /** Sends the act with the code (and reasons and photo keys); answers the project as it now stands. */
  send(code: string, reasons: string, photoKeys: string[]): Promise<ProjectDetail>;
  /** The success toast. */
  done: string;
}

interface DialogProps {
  projectId: number;
  onDone(project: ProjectDetail): void;
  onClose(): void;
  /** Tests replace the photo upload. */
  upload?: (projectId: number, file: Blob) => Promise<OwnerPhotoData>;
}

export function OwnerCodeDialog({ act, ...props }: DialogProps & { act: OwnerAct | null }) {
  if (!act || typeof document === "undefined") return null;
  return createPortal(<Dialog act={act} {...props} />, document.body);
}

function Dialog({ projectId, act, onDone, onClose, upload = uploadOwnerPhoto }: DialogProps & { act: OwnerAct }) {
  const id = useId();
  const api = useApi();
  const dialogRef = useRef<HTMLFormElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const countdown = useCountdown();
  const [code, setCode] = useState("");
  const [reasons, setReasons] = useState("");
  const [photos, setPhotos] = useState<OwnerPhotoData[]>([]);
  const [uploading, setUploading] = useState(0);
  const [errors, setErrors] = useState<{ code?: string; reasons?: string; photos?: string; form?: string }>({});
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
      await api.post(routes.myProjectCode, { projectId });
      toast(ProjectMessages.codeSent, "success");
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

  const addPhotos = async (files: FileList | null) => {
    const chosen = [...(files ?? [])].slice(0, MAX_OBJECTION_PHOTOS - photos.length - uploading);
    if (chosen.length === 0) return;
    setErrors((old) => ({ ...old, photos: undefined }));
    setUploading((n) => n + chosen.length);
    for (const file of chosen) {
      try {
        const uploaded = await upload(projectId, file);
        setPhotos((list) => (list.length < MAX_OBJECTION_PHOTOS ? [...list, uploaded] : list));
      } catch (error) {
        setErrors((old) => ({ ...old, photos: `照片上传失败：${(error as Error).message}` }));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || uploading > 0) return;
    const found = {
      code: CODE.test(code) ? undefined : code ? "请输入 6 位验证码" : "请输入验证码",
      reasons: act.withReasons && !reasons.trim() ? "请填写异议原因" : undefined,
    };
    setErrors(found);
    if (found.code || found.reasons) return;
    setBusy(true);
    try {
      const project = await act.send(
        code,
        reasons.trim(),
        photos.map((p) => p.key),
      );
      toast(act.done, "success");
      onDone(project);
    } catch (error) {
      setErrors({ form: (error as Error).message || "操作失败，请稍后重试" });
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
          {act.title}
        </h2>
        <div className={styles.dialogSummary}>{act.summary}</div>
        {act.withReasons && (
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}reasons`}>
              异议原因
            </label>
            <textarea
              id={`${id}reasons`}
              className={styles.textarea}
              maxLength={1000}
              placeholder="请写明不满意的地方，项目经理会尽快处理"
              value={reasons}
              onChange={(e) => {
                setReasons(e.target.value);
                setErrors((old) => ({ ...old, reasons: undefined }));
              }}
              {...described(errors.reasons, "reasons")}
            />
            {errors.reasons && (
              <p id={`${id}reasonsError`} className={styles.error} role="alert">
                {errors.reasons}
              </p>
            )}
          </div>
        )}
        {act.withReasons && (
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}photos`}>
              照片（选填，最多 {MAX_OBJECTION_PHOTOS} 张）
            </label>
            {photos.length > 0 && (
              <ul className={styles.photoList}>
                {photos.map((p, n) => (
                  <li key={p.url}>
                    <img src={p.thumbnail} alt={`异议照片 ${n + 1}`} width={64} height={64} />
                    <button
                      type="button"
                      className={styles.textButton}
                      onClick={() => setPhotos((list) => list.filter((x) => x.url !== p.url))}
                    >
                      删除<span className="visually-hidden">异议照片 {n + 1}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <input
              id={`${id}photos`}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              multiple
              disabled={photos.length + uploading >= MAX_OBJECTION_PHOTOS}
              onChange={(e) => {
                void addPhotos(e.target.files);
                e.target.value = "";
              }}
              {...described(errors.photos, "photos")}
            />
            {uploading > 0 && (
              <p className={styles.muted} role="status">
                正在上传 {uploading} 张照片…
              </p>
            )}
            {errors.photos && (
              <p id={`${id}photosError`} className={styles.error} role="alert">
                {errors.photos}
              </p>
            )}
          </div>
        )}
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}code`}>
            短信验证码（发送至业主手机）
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
          <button type="submit" className="btn" aria-busy={busy} disabled={uploading > 0}>
            {busy ? "提交中…" : act.confirmLabel}
          </button>
        </div>
      </form>
    </div>
  );
}
