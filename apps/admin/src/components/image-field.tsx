// One image of a form (a goods picture, a banner, a store's photo, a guide's cover): the value is
// the image's URL as the storefront uses it. Used as an antd Form item's control (value/onChange).
// A picture is uploaded to /api/admin/media/upload, which checks it by its content and stores it as
// WebP at the widths the storefront shows for the purpose (docs/decisions/0037); the answer's URL
// becomes the value. An address of a picture the shop already serves can be typed instead.
import { IMAGE_WIDTHS, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, type STAFF_IMAGE_PURPOSES } from "@yj/contract";
import { Button, Image, Input, Progress, Space, Typography, Upload } from "antd";
import { useState } from "react";
import { uploadImage } from "../api";

/**
 * Where the image is shown; it decides the sizes an uploaded picture is re-encoded to. Staff upload for
 * the forms' purposes only (a buyer's after-sales photo is the customer's, docs/decisions/0064).
 */
export type ImagePurpose = (typeof STAFF_IMAGE_PURPOSES)[number];

export interface ImageFieldProps {
  value?: string;
  onChange?: (url: string) => void;
  purpose: ImagePurpose;
}

const ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
const PREVIEW = { width: 128, height: 96 };

export function ImageField({ value, onChange, purpose }: ImageFieldProps) {
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState("");
  const [typing, setTyping] = useState(false);
  const uploading = percent !== null;
  const widths = IMAGE_WIDTHS[purpose];

  const send = async (file: File) => {
    // The server checks again, by content; this only spares sending 20 MB to hear "too large".
    if (file.size > MAX_IMAGE_BYTES) {
      setError("图片不能超过 8 MB");
      return;
    }
    setError("");
    setPercent(0);
    try {
      const image = await uploadImage(file, purpose, setPercent);
      onChange?.(image.url);
      setTyping(false);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : "上传失败，请重试");
    } finally {
      setPercent(null);
    }
  };

  return (
    <Space align="start" size="middle" wrap data-image-field={purpose}>
      <div
        style={{
          ...PREVIEW,
          border: "1px dashed #d9d9d9",
          borderRadius: 6,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          overflow: "hidden",
          background: "#fafafa",
          flex: "none",
        }}
      >
        {value ? (
          <Image
            src={value}
            alt="图片预览"
            {...PREVIEW}
            style={{ objectFit: "cover" }}
            fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw="
          />
        ) : (
          <Typography.Text type="secondary">暂无图片</Typography.Text>
        )}
      </div>
      <Space orientation="vertical" size={4} style={{ minWidth: 220, maxWidth: "100%" }}>
        <Space wrap>
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            disabled={uploading}
            customRequest={({ file }) => {
              void send(file as File);
            }}
          >
            <Button loading={uploading}>{value ? "更换图片" : "上传图片"}</Button>
          </Upload>
          {value ? (
            <Button danger disabled={uploading} onClick={() => onChange?.("")}>
              移除
            </Button>
          ) : null}
          <Button type="link" size="small" onClick={() => setTyping((t) => !t)} disabled={uploading}>
            {typing ? "收起地址" : "填写地址"}
          </Button>
        </Space>
        {uploading ? <Progress percent={percent} size="small" status="active" style={{ width: 220 }} /> : null}
        {typing ? (
          <Input
            value={value}
            onChange={(event) => onChange?.(event.target.value.trim())}
            placeholder="本站图片地址，如 /media/xxx.webp"
            aria-label="图片地址"
            style={{ width: 320, maxWidth: "100%" }}
            allowClear
          />
        ) : null}
        {error ? (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          JPEG、PNG、WebP、GIF 或 AVIF，不超过 8 MB、{MAX_IMAGE_PIXELS / 10_000} 万像素；保存为 WebP，宽{" "}
          {widths.join(" / ")} 像素
        </Typography.Text>
      </Space>
    </Space>
  );
}
