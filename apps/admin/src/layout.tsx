// The console's frame: the menu shows what the role may open; the header names who is logged in.
// From the md breakpoint (768 px) the menu is a side bar; below it (a phone) the header has a menu
// button that opens the same menu in a drawer, with the account links under it.
import { STAFF_ROLE_LABELS } from "@yj/contract";
import { App, Button, Drawer, Grid, Layout, Menu, Space, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { post, routes } from "./api";
import { can, useSession } from "./session";

const SECTIONS = [
  { key: "/", label: "首页", permission: "dashboard" },
  { key: "/leads", label: "线索", permission: "leads" },
  { key: "/chat", label: "在线客服", permission: "chat" },
  { key: "/projects", label: "装修项目", permission: "projects" },
  { key: "/orders", label: "订单", permission: "orders" },
  { key: "/after-sales", label: "售后", permission: "orders" },
  // The catalogue together, then the content, then what sets prices and the site.
  { key: "/goods", label: "商品", permission: "catalog" },
  { key: "/packages", label: "套餐", permission: "catalog" },
  { key: "/categories", label: "分类", permission: "catalog" },
  { key: "/banners", label: "轮播图", permission: "catalog" },
  { key: "/stores", label: "门店", permission: "catalog" },
  { key: "/content", label: "内容", permission: "content" },
  { key: "/prices", label: "城市价格", permission: "settings" },
  { key: "/settings", label: "设置", permission: "settings" },
  { key: "/staff", label: "员工", permission: "staff" },
  { key: "/customers", label: "顾客数据", permission: "privacy" },
  { key: "/audit", label: "审计记录", permission: "audit" },
  { key: "/reconciliation", label: "对账", permission: "reconciliation" },
] as const;

const BRAND = "悦家整装 · 后台";

/** Three bars (drawn here rather than adding an icon package for one glyph). */
const MenuIcon = () => (
  <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
    <path d="M2 4h14M2 9h14M2 14h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
);

export function ConsoleLayout() {
  const { me } = useSession();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  // Before the first measure `md` is undefined: treat it as a wide screen, the common case.
  const narrow = screens.md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A page change (a menu click, a link, back) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger
  useEffect(() => setDrawerOpen(false), [pathname]);

  const items = SECTIONS.filter((s) => can(me, s.permission)).map((s) => ({
    key: s.key,
    label: <Link to={s.key}>{s.label}</Link>,
  }));
  const selected = SECTIONS.filter((s) => s.key !== "/" && pathname.startsWith(s.key)).map((s) => s.key);
  const menu = (
    <Menu mode="inline" items={items} selectedKeys={selected.length ? selected : [pathname === "/" ? "/" : ""]} />
  );

  const logout = async () => {
    try {
      await post(routes.adminLogout, {});
    } finally {
      message.success("已退出登录");
      navigate("/login", { replace: true });
    }
  };

  const account = (
    <>
      <Link to="/password">修改密码</Link>
      <Button type="link" onClick={logout} style={{ paddingInline: 0 }}>
        退出登录
      </Button>
    </>
  );
  const who = (
    <>
      <Typography.Text style={{ maxWidth: 120, display: "inline-block", verticalAlign: "middle" }} ellipsis>
        {me.displayName}
      </Typography.Text>
      <Tag color="red" style={{ marginInlineEnd: 0 }}>
        {STAFF_ROLE_LABELS[me.role]}
      </Tag>
    </>
  );

  return (
    <Layout style={{ minHeight: "100vh" }}>
      {!narrow && (
        <Layout.Sider width={200} theme="light" style={{ borderRight: "1px solid #f0f0f0" }}>
          <div style={{ padding: "20px 24px", fontWeight: 600, fontSize: 16 }}>{BRAND}</div>
          {menu}
        </Layout.Sider>
      )}
      {narrow && (
        <Drawer
          title={BRAND}
          placement="left"
          size={240}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          styles={{ body: { padding: 0, display: "flex", flexDirection: "column" } }}
        >
          <nav aria-label="后台菜单">{menu}</nav>
          <Space orientation="vertical" style={{ padding: "16px 24px", borderTop: "1px solid #f0f0f0" }}>
            <Space>{who}</Space>
            <Space size="middle">{account}</Space>
          </Space>
        </Drawer>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: "#fff",
            borderBottom: "1px solid #f0f0f0",
            display: "flex",
            alignItems: "center",
            // The header is a flex row: antd's 64 px line height would push wrapped text below it.
            lineHeight: "normal",
            justifyContent: narrow ? "space-between" : "flex-end",
            paddingInline: narrow ? 12 : 24,
          }}
        >
          {narrow ? (
            <>
              <Space size="small">
                <Button
                  type="text"
                  icon={<MenuIcon />}
                  aria-label="打开菜单"
                  aria-expanded={drawerOpen}
                  onClick={() => setDrawerOpen(true)}
                />
                <Typography.Text strong>{BRAND}</Typography.Text>
              </Space>
              <Space size="small">{who}</Space>
            </>
          ) : (
            <Space size="middle">
              {who}
              {account}
            </Space>
          )}
        </Layout.Header>
        <Layout.Content style={{ padding: narrow ? 12 : 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
