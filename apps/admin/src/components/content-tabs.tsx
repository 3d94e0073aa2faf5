// The 内容 section's two lists: guides and cases, and the brand and service pages.
import { Tabs } from "antd";
import { useNavigate } from "react-router";

const TABS = [
  { key: "articles", label: "攻略与案例", path: "/content" },
  { key: "pages", label: "品牌与服务页面", path: "/content/pages" },
];

export function ContentTabs({ active }: { active: "articles" | "pages" }) {
  const navigate = useNavigate();
  return (
    <Tabs
      activeKey={active}
      items={TABS.map(({ key, label }) => ({ key, label }))}
      onChange={(key) => navigate(TABS.find((t) => t.key === key)?.path ?? "/content")}
      style={{ marginBottom: -16 }}
    />
  );
}
