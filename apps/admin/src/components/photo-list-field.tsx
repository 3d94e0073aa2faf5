// Site photos of a renovation stage or change order (issue #24): several pictures uploaded one by one
// through the picture pipeline (/api/admin/media/upload, purpose "project", docs/decisions/0037); the
// value is their media keys, as the projects API keeps them. An antd Form item's control.
import { MAX_IMAGE_BYTES } from "@yj/contract";
import { Button, Image, Progress, Space, Typography, Upload } from "antd";
import { useState } from "react";
import { uploadImage } from "../api";
import { photoUrl } from "../project-labels";

const ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
export const MAX_PROJECT_PHOTOS = 20;

export function PhotoListField({ value = [], onChange }: { value?: string[]; onChange?: (keys: string[]) => void }) {
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState("");
  const uploading = percent !== null;

  const send = async (file: File) => {
    if (file.size > MAX_IMAGE_BYTES) {
      setError("图片不能超过 8 MB");
      return;
    }
    setError("");
    setPercent(0);
    try {
      const image = await uploadImage(file, "project", setPercent);
      onChange?.([...value, image.url.replace(/^\/media\//, "")]);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : "上传失败，请重试");
    } finally {
      setPercent(null);
    }
  };

  return (
    <Space orientation="vertical" size={8} style={{ width: "100%" }}>
      {value.length > 0 && (
        <Space wrap>
          {value.map((key, index) => (
            <Space key={key} orientation="vertical" size={2} align="center">
              <Image
                src={photoUrl(key)}
                alt={`现场照片 ${index + 1}`}
                width={96}
                height={72}
                style={{ objectFit: "cover" }}
              />
              <Button
                type="link"
                size="small"
                danger
                onClick={() => onChange?.(value.filter((k) => k !== key))}
                aria-label={`移除照片 ${index + 1}`}
              >
                移除
              </Button>
            </Space>
          ))}
        </Space>
      )}
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        disabled={uploading || value.length >= MAX_PROJECT_PHOTOS}
        customRequest={({ file }) => {
          void send(file as File);
        }}
      >
        <Button loading={uploading} disabled={value.length >= MAX_PROJECT_PHOTOS}>
          上传照片
        </Button>
      </Upload>
      {uploading && <Progress percent={percent} size="small" status="active" style={{ width: 220 }} />}
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        最多 {MAX_PROJECT_PHOTOS} 张，每张不超过 8 MB
      </Typography.Text>
    </Space>
  );
}

/** Stored photos as thumbnails that open full size. */
export function PhotoStrip({ keys, label }: { keys: string[]; label: string }) {
  if (keys.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space wrap size={8}>
        {keys.map((key, index) => (
          <Image
            key={key}
            src={photoUrl(key)}
            alt={`${label} ${index + 1}`}
            width={96}
            height={72}
            style={{ objectFit: "cover" }}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
