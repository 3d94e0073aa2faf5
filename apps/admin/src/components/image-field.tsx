// One image of a form (a goods picture, a banner, a store's photo, a guide's cover): the value is
// the image's URL as the storefront uses it. Used as an antd Form item's control (value/onChange).
import { Image, Input, Space } from "antd";

/** Where the image is shown; it decides the sizes an uploaded picture is re-encoded to. */
export type ImagePurpose = "goods" | "banner" | "store" | "article";

export interface ImageFieldProps {
  value?: string;
  onChange?: (url: string) => void;
  purpose: ImagePurpose;
}

export function ImageField({ value, onChange }: ImageFieldProps) {
  return (
    <Space align="start">
      <Input
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder="图片地址，如 /media/xxx"
        style={{ width: 360 }}
      />
      {value ? <Image src={value} width={96} height={64} style={{ objectFit: "cover" }} /> : null}
    </Space>
  );
}
