// The console's frame: the menu shows what the role may open; the header names who is logged in.
import { STAFF_ROLE_LABELS } from "@yj/contract";
import { App, Button, Layout, Menu, Space, Tag, Typography } from "antd";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { post, routes } from "./api";
import { can, useSession } from "./session";

const SECTIONS = [
  { key: "/", label: "首页", permission: "dashboard" },
  { key: "/leads", label: "线索", permission: "leads" },
  { key: "/orders", label: "订单", permission: "orders" },
  { key: "/goods", label: "商品", permission: "catalog" },
  { key: "/packages", label: "套餐", permission: "catalog" },
  { key: "/categories", label: "分类", permission: "catalog" },
  { key: "/banners", label: "轮播图", permission: "catalog" },
  { key: "/stores", label: "门店", permission: "catalog" },
  { key: "/prices", label: "城市价格", permission: "settings" },
  { key: "/staff", label: "员工", permission: "staff" },
  { key: "/audit", label: "审计记录", permission: "audit" },
] as const;

export function ConsoleLayout() {
  const { me } = useSession();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = SECTIONS.filter((s) => can(me, s.permission)).map((s) => ({
    key: s.key,
    label: <Link to={s.key}>{s.label}</Link>,
  }));
  const selected = SECTIONS.filter((s) => s.key !== "/" && pathname.startsWith(s.key)).map((s) => s.key);

  const logout = async () => {
    try {
      await post(routes.adminLogout, {});
    } finally {
      message.success("已退出登录");
      navigate("/login", { replace: true });
    }
  };

  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Sider width={200} theme="light" style={{ borderRight: "1px solid #f0f0f0" }}>
        <div style={{ padding: "20px 24px", fontWeight: 600, fontSize: 16 }}>悦家整装 · 后台</div>
        <Menu mode="inline" items={items} selectedKeys={selected.length ? selected : [pathname === "/" ? "/" : ""]} />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: "#fff",
            borderBottom: "1px solid #f0f0f0",
            display: "flex",
            justifyContent: "flex-end",
            paddingInline: 24,
          }}
        >
          <Space size="middle">
            <Typography.Text>{me.displayName}</Typography.Text>
            <Tag color="red">{STAFF_ROLE_LABELS[me.role]}</Tag>
            <Link to="/password">修改密码</Link>
            <Button type="link" onClick={logout} style={{ paddingInline: 0 }}>
              退出登录
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
