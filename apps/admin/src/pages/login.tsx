// Staff login. A wrong password, an address that failed too often (429) or a disabled account answer
// the server's own message.
import type { StaffMe } from "@yj/contract";
import { Alert, Button, Form, Input, Typography } from "antd";
import { useSearchParams } from "react-router";
import { post, rememberCsrf, routes } from "../api";
import { CenteredCard } from "../components/centered-card";
import { useSubmitShowingError } from "../kit/use-submit";

export function LoginPage() {
  const [params] = useSearchParams();
  const { error, busy, submit: run } = useSubmitShowingError();

  const submit = (values: { username: string; password: string }) =>
    run(
      () => post(routes.adminLogin, values),
      (me: StaffMe) => {
        rememberCsrf(me.csrf);
        const next = params.get("next");
        // Only a path inside the console: never an address elsewhere.
        const target = me.mustChangePassword
          ? "/password"
          : next?.startsWith("/") && !next.startsWith("//")
            ? next
            : "/";
        // A full reload, so the session gate reads the new session.
        window.location.assign(`/admin${target === "/" ? "" : target}`);
      },
      "登录失败",
    );

  return (
    <CenteredCard maxWidth={380}>
      <Typography.Title level={1} style={{ textAlign: "center", marginTop: 0, fontSize: 24 }}>
        悦家整装 · 管理后台
      </Typography.Title>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
      <Form layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
        <Form.Item label="用户名" name="username" rules={[{ required: true, message: "请输入用户名" }]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: "请输入密码" }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          登录
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0, fontSize: 12 }}>
        账号由管理员创建；忘记密码请联系管理员重置。
      </Typography.Paragraph>
    </CenteredCard>
  );
}
