// 申请售后 (docs/decisions/0064): a return (退货) or a repair (维修) of a shipped or completed order, with
// a reason chosen from the list and described in words, and up to 6 photos sent through the shop's
// picture pipeline. The server decides the rules (made-to-order goods and the 7-day window refuse the
// no-reason return) and its message is shown here; the list only offers what the kind allows.
import {
  AFTER_SALE_KIND_LABELS,
  AFTER_SALE_KINDS,
  AFTER_SALE_REASON_LABELS,
  AFTER_SALE_REASON_MAX,
  AFTER_SALE_REASONS,
  type AfterSaleKind,
  type AfterSalePhotoData,
  type AfterSaleReason,
  MADE_TO_ORDER_NOTE,
  MAX_AFTER_SALE_PHOTOS,
  type Order,
  REPAIR_REASONS,
  routes,
} from "@yj/contract";
import { type FormEvent, useId, useState } from "react";
import { createPortal } from "react-dom";
import { FormDialog } from "../../components/form-dialog";
import { controlProps, LabelledField } from "../../components/labelled-field";
import { PhotosField } from "../../components/photos-field";
import { useApi } from "../../lib/api-context";
import { uploadFile } from "../../lib/upload-file";
import styles from "./commerce.module.css";

/** Sends one photo as the request body (the server reads its type from the bytes). */
export function uploadAfterSalePhoto(file: Blob): Promise<AfterSalePhotoData> {
  return uploadFile(routes.afterSalePhotoUpload, file);
}

export interface AfterSaleDialogProps {
  order: Order;
  onClose(): void;
  onFiled(order: Order): void;
  /** Tests replace the upload. */
  upload?: (file: Blob) => Promise<AfterSalePhotoData>;
}

export function AfterSaleDialog(props: AfterSaleDialogProps) {
  if (typeof document === "undefined") return null;
  return createPortal(<Dialog {...props} />, document.body);
}

function Dialog({ order, onClose, onFiled, upload = uploadAfterSalePhoto }: AfterSaleDialogProps) {
  const api = useApi();
  const id = useId();
  const [kind, setKind] = useState<AfterSaleKind>("return");
  const [reasonKind, setReasonKind] = useState<AfterSaleReason | "">("");
  const [reason, setReason] = useState("");
  const [photos, setPhotos] = useState<AfterSalePhotoData[]>([]);
  const [uploading, setUploading] = useState(0);
  const [errors, setErrors] = useState<{ reasonKind?: string; reason?: string; photos?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const madeToOrder = order.lines.some((l) => l.madeToOrder);
  const reasons = kind === "repair" ? REPAIR_REASONS : AFTER_SALE_REASONS;

  const addPhotos = async (files: FileList | null) => {
    const chosen = [...(files ?? [])].slice(0, MAX_AFTER_SALE_PHOTOS - photos.length);
    if (chosen.length === 0) return;
    setErrors((e) => ({ ...e, photos: undefined }));
    setUploading((n) => n + chosen.length);
    for (const file of chosen) {
      try {
        const uploaded = await upload(file);
        setPhotos((list) => (list.length < MAX_AFTER_SALE_PHOTOS ? [...list, uploaded] : list));
      } catch (error) {
        setErrors((e) => ({ ...e, photos: `照片上传失败：${(error as Error).message}` }));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = {
      reasonKind: reasonKind ? undefined : "请选择售后原因",
      reason: reason.trim() ? undefined : "请填写问题描述",
    };
    setErrors(found);
    if (found.reasonKind || found.reason || busy || uploading > 0 || !reasonKind) return;
    setBusy(true);
    try {
      const filed = await api.post(routes.afterSaleCreate, {
        orderNo: order.orderNo,
        kind,
        reasonKind,
        reason: reason.trim(),
        photos: photos.map((p) => p.url),
      });
      onFiled(filed);
    } catch (error) {
      setErrors({ form: (error as Error).message });
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title="申请售后"
      className={styles.afterSaleDialog}
      focusFirst={(form) => form?.querySelector<HTMLElement>("input, select")?.focus()}
      onClose={onClose}
      onSubmit={onSubmit}
      submitButton={
        <button type="submit" className="btn" aria-busy={busy} disabled={uploading > 0}>
          {busy ? "提交中…" : "提交申请"}
        </button>
      }
    >
      <p className={styles.muted}>订单号 {order.orderNo}</p>
      <fieldset className={styles.kindChoice}>
        <legend className={styles.label}>售后类型</legend>
        {AFTER_SALE_KINDS.map((k) => (
          <label key={k} className={styles.check}>
            <input
              type="radio"
              name="kind"
              value={k}
              checked={kind === k}
              onChange={() => {
                setKind(k);
                if (k === "repair" && reasonKind && !REPAIR_REASONS.includes(reasonKind)) setReasonKind("");
              }}
            />
            {AFTER_SALE_KIND_LABELS[k]}
          </label>
        ))}
      </fieldset>
      {madeToOrder && kind === "return" && <p className={styles.muted}>本订单含{MADE_TO_ORDER_NOTE}。</p>}
      <LabelledField id={`${id}reasonKind`} label="售后原因" error={errors.reasonKind} classes={styles}>
        <select
          {...controlProps(`${id}reasonKind`, errors.reasonKind)}
          className={styles.select}
          value={reasonKind}
          onChange={(e) => {
            setReasonKind(e.target.value as AfterSaleReason);
            setErrors((old) => ({ ...old, reasonKind: undefined }));
          }}
        >
          <option value="">请选择</option>
          {reasons.map((r) => (
            <option key={r} value={r}>
              {AFTER_SALE_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </LabelledField>
      <LabelledField id={`${id}reason`} label="问题描述" error={errors.reason} classes={styles}>
        <textarea
          {...controlProps(`${id}reason`, errors.reason)}
          className={styles.textarea}
          maxLength={AFTER_SALE_REASON_MAX}
          placeholder="请描述遇到的问题"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setErrors((old) => ({ ...old, reason: undefined }));
          }}
        />
      </LabelledField>
      <PhotosField
        id={`${id}photos`}
        max={MAX_AFTER_SALE_PHOTOS}
        photos={photos}
        uploading={uploading}
        error={errors.photos}
        photoName="照片"
        classes={styles}
        onAdd={(files) => void addPhotos(files)}
        onRemove={(photo) => setPhotos((list) => list.filter((x) => x.url !== photo.url))}
      />
      {errors.form && (
        <p className={styles.alert} role="alert">
          提交失败：{errors.form}
        </p>
      )}
    </FormDialog>
  );
}
