// The buttons under a page form: 保存 (busy while the save runs), the page's own links (在前台查看),
// then the way back to its list.
import { Button, Space } from "antd";
import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";

export interface BackLink {
  to: string;
  /** 返回商品列表 */
  text: string;
}

/** `onSave` runs the save; without it the button submits the form. */
export function FormActions({
  saveText = "保存",
  busy,
  onSave,
  back,
  children,
}: {
  saveText?: string;
  busy: boolean;
  onSave?: () => void;
  back: BackLink;
  children?: ReactNode;
}) {
  return (
    <Space style={{ marginTop: 16 }}>
      <Button type="primary" htmlType={onSave ? "button" : "submit"} onClick={onSave} loading={busy}>
        {saveText}
      </Button>
      {children}
      <Link to={back.to}>{back.text}</Link>
    </Space>
  );
}

/** A storefront page, opened in a new tab beside the console. */
export function StorefrontLink({
  href,
  style,
  children,
}: {
  href: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noreferrer" style={style}>
      {children}
    </a>
  );
}
