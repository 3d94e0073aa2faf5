// Every console page's frame: its title (with the page's main action on the right), then the page.
import { Button, Space, Typography } from "antd";
import type { ReactNode } from "react";

/** A page's vertical stack: the title with its main action on the right, then the page. */
export function TitledPage({ title, action, children }: { title: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      {action ? (
        <Space wrap style={{ width: "100%", justifyContent: "space-between" }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {action}
        </Space>
      ) : (
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      )}
      {children}
    </Space>
  );
}

/** The page's main action beside its title (新建门店). */
export function MainAction({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <Button type="primary" onClick={onClick}>
      {children}
    </Button>
  );
}
