// Every act of the owner in 我的装修 (accept a stage, object to it, approve or refuse a change order)
// is confirmed by a code sent to the project's owner phone (docs/decisions/0069): this dialog asks
// for it. 获取验证码 sends it (POST /api/my-project/code) and then waits 60 s, as the login form
// does; the act is sent with the code, and a refusal (wrong or used code, stage out of order) is
// shown inside the dialog, which stays open so the owner can try again.
import { MAX_OBJECTION_PHOTOS, type OwnerPhotoData, type ProjectDetail, ProjectMessages, routes } from "@yj/contract";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { CodeField, codeError } from "../../components/code-field";
import { FormDialog } from "../../components/form-dialog";
import { controlProps, LabelledField } from "../../components/labelled-field";
import { PhotosField } from "../../components/photos-field";
import { toast } from "../../components/toast";
import { useApi } from "../../lib/api-context";
import { uploadFile } from "../../lib/upload-file";
import styles from "./projects.module.css";

/**
 * Sends one objection photo as the request body (the server reads its type from the bytes, and takes
 * it only from the project's owner: docs/decisions/0079).
 */
export function uploadOwnerPhoto(projectId: number, file: Blob): Promise<OwnerPhotoData> {
  return uploadFile(routes.myProjectPhotoUpload, file, `?projectId=${projectId}`);
}

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
  const codeRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState("");
  const [reasons, setReasons] = useState("");
  const [photos, setPhotos] = useState<OwnerPhotoData[]>([]);
  const [uploading, setUploading] = useState(0);
  const [errors, setErrors] = useState<{ code?: string; reasons?: string; photos?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

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
      code: codeError(code),
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

  return (
    <FormDialog
      title={act.title}
      className={styles.codeDialog}
      focusFirst={() => codeRef.current?.focus()}
      onClose={onClose}
      onSubmit={submit}
      submitButton={
        <button type="submit" className="btn" aria-busy={busy} disabled={uploading > 0}>
          {busy ? "提交中…" : act.confirmLabel}
        </button>
      }
    >
      <div className={styles.dialogSummary}>{act.summary}</div>
      {act.withReasons && (
        <LabelledField id={`${id}reasons`} label="异议原因" error={errors.reasons} classes={styles}>
          <textarea
            {...controlProps(`${id}reasons`, errors.reasons)}
            className={styles.textarea}
            maxLength={1000}
            placeholder="请写明不满意的地方，项目经理会尽快处理"
            value={reasons}
            onChange={(e) => {
              setReasons(e.target.value);
              setErrors((old) => ({ ...old, reasons: undefined }));
            }}
          />
        </LabelledField>
      )}
      {act.withReasons && (
        <PhotosField
          id={`${id}photos`}
          max={MAX_OBJECTION_PHOTOS}
          photos={photos}
          uploading={uploading}
          error={errors.photos}
          photoName="异议照片"
          classes={styles}
          onAdd={(files) => void addPhotos(files)}
          onRemove={(photo) => setPhotos((list) => list.filter((x) => x.url !== photo.url))}
        />
      )}
      <CodeField
        id={`${id}code`}
        label="短信验证码（发送至业主手机）"
        code={code}
        error={errors.code}
        inputRef={codeRef}
        classes={styles}
        onChange={(digits) => {
          setCode(digits);
          setErrors((old) => ({ ...old, code: undefined }));
        }}
        send={() => api.post(routes.myProjectCode, { projectId })}
        sentMessage={ProjectMessages.codeSent}
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
