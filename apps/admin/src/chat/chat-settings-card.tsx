// The 在线客服 card of the settings page (issue #25, docs/decisions/0078): the chat window's greeting,
// the canned replies the inbox offers as quick inserts (one a line), and the 企业微信客服 link the
// window shows as a link on a phone and as its QR code on desktop. Its own form and its own save, so
// the card stands apart from the brand and contact settings above it.
import { CHAT_CANNED_MAX, CHAT_CANNED_TEXT_MAX, CHAT_GREETING_MAX, type ChatSettings } from "@yj/contract";
import { App, Button, Card, Form, Row, Spin, Typography } from "antd";
import type { ReactNode } from "react";
import { get, post, routes } from "../api";
import { TextAreaItem, TextItem } from "../kit/form-items";
import { useSubmit } from "../kit/use-submit";
import { useLoad } from "../use-load";

interface ChatSettingsForm {
  greeting: string;
  cannedReplies: string;
  wecomUrl: string;
}

const formOf = (s: ChatSettings): ChatSettingsForm => ({ ...s, cannedReplies: s.cannedReplies.join("\n") });
const replyLines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

const cannedRule = {
  validator: async (_: unknown, value: string | undefined) => {
    const lines = replyLines(value ?? "");
    if (lines.length > CHAT_CANNED_MAX) throw new Error(`快捷回复最多 ${CHAT_CANNED_MAX} 条`);
    if (lines.some((line) => line.length > CHAT_CANNED_TEXT_MAX))
      throw new Error(`每条快捷回复最多 ${CHAT_CANNED_TEXT_MAX} 个字`);
  },
};

export function ChatSettingsCard() {
  const { message } = App.useApp();
  const { data, setData, error, loading } = useLoad(() => get(routes.adminChatSettings, {}));
  const [form] = Form.useForm<ChatSettingsForm>();
  const { busy, submitForm } = useSubmit();

  const save = () =>
    submitForm(
      form,
      (values) =>
        post(routes.adminChatSettingsSave, {
          greeting: values.greeting,
          cannedReplies: replyLines(values.cannedReplies ?? ""),
          wecomUrl: values.wecomUrl ?? "",
        }),
      (saved) => {
        setData(saved);
        form.setFieldsValue(formOf(saved));
        message.success("在线客服设置已保存");
      },
    );

  let body: ReactNode;
  if (loading && !data) body = <Spin />;
  else if (error && !data) body = <Typography.Text type="danger">{error}</Typography.Text>;
  else if (data)
    body = (
      <Form form={form} layout="vertical" initialValues={formOf(data)} aria-label="在线客服设置">
        <Row gutter={16}>
          <TextAreaItem
            col={{ xs: 24, lg: 12 }}
            name="greeting"
            label="欢迎语"
            extra="访客打开在线客服时看到的第一句话"
            required="请输入欢迎语"
            whitespace
            input={{ rows: 3, maxLength: CHAT_GREETING_MAX, showCount: true }}
          />
          <TextAreaItem
            col={{ xs: 24, lg: 12 }}
            name="cannedReplies"
            label="快捷回复"
            extra={`每行一条，最多 ${CHAT_CANNED_MAX} 条；客服在在线客服页一键插入`}
            rules={[cannedRule]}
            input={{ rows: 5 }}
          />
          <TextItem
            col={{ xs: 24, lg: 12 }}
            name="wecomUrl"
            label="企业微信客服链接"
            extra="如 https://work.weixin.qq.com/kfid/…；填写后，访客在手机上看到链接，在电脑上看到二维码。留空则不显示"
            rules={[{ pattern: /^https:\/\/\S+$/, message: "企业微信客服链接须以 https:// 开头" }]}
            maxLength={300}
            input={{ placeholder: "https://work.weixin.qq.com/kfid/…", inputMode: "url" }}
          />
        </Row>
        <Button type="primary" onClick={save} loading={busy}>
          保存在线客服设置
        </Button>
      </Form>
    );
  return (
    <Card title="在线客服" size="small" style={{ marginTop: 16 }}>
      {body}
    </Card>
  );
}
