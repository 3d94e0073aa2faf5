// Every console page's frame: its title (with the page's main action on the right), then the page.
import { Button, Space, Typography } from "antd";
import type { ReactNode } from "react";

/** The page's one h1 (axe's page-has-heading-one), at the size of antd's h4 as before. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={1} style={{ margin: 0, fontSize: 20, lineHeight: 1.4 }}>
      {children}
    </Typography.Title>
  );
}

/** A page's vertical stack: the title with its main action on the right, then the page. */
export function TitledPage({ title, action, children }: { title: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      {action ? (
        <Space wrap style={{ width: "100%", justifyContent: "space-between" }}>
          <PageTitle>{title}</PageTitle>
          {action}
        </Space>
      ) : (
        <PageTitle>{title}</PageTitle>
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
