// Changing one's own password; the first login with a one-time password lands here and nowhere else.
import { Alert, App, Button, Form, Input, Typography } from "antd";
import { useNavigate } from "react-router";
import { post, routes } from "../api";
import { CenteredCard } from "../components/centered-card";
import { useSubmitShowingError } from "../kit/use-submit";
import { useSession } from "../session";

const PASSWORD_RULE = "密码至少 8 位，且须同时包含字母和数字";

export function ChangePasswordPage() {
  const { me, setMe } = useSession();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { error, busy, submit: run } = useSubmitShowingError();

  const submit = (values: { currentPassword: string; newPassword: string }) =>
    run(
      () => post(routes.adminChangePassword, values),
      (me) => {
        setMe(me);
        message.success("密码已修改");
        navigate("/", { replace: true });
      },
      "修改失败",
    );

  return (
    <CenteredCard maxWidth={420}>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 20 }}>
        修改密码
      </Typography.Title>
      {me.mustChangePassword && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="您正在使用一次性密码，请先设置自己的新密码"
        />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
        <Form.Item label="当前密码" name="currentPassword" rules={[{ required: true, message: "请输入当前密码" }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="newPassword"
          extra={PASSWORD_RULE}
          rules={[
            { required: true, message: "请输入新密码" },
            {
              validator: (_, value: string) =>
                !value || (value.length >= 8 && /[A-Za-z]/.test(value) && /\d/.test(value))
                  ? Promise.resolve()
                  : Promise.reject(new Error(PASSWORD_RULE)),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm"
          dependencies={["newPassword"]}
          rules={[
            { required: true, message: "请再次输入新密码" },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue("newPassword")
                  ? Promise.resolve()
                  : Promise.reject(new Error("两次输入的密码不一致")),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          保存新密码
        </Button>
        {!me.mustChangePassword && (
          <Button type="link" block onClick={() => navigate(-1)} style={{ marginTop: 8 }}>
            返回
          </Button>
        )}
      </Form>
    </CenteredCard>
  );
}
