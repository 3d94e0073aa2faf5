// One conversation at the inbox: its messages (live, in order, once), the visitor's page, city and
// lead, and the actions the member may take on it: 接入, 转接, 结束, and the reply box with the canned
// replies (快捷回复; Enter sends, Shift+Enter starts a new line).
import { CHAT_STATUS_LABELS, type ChatMessage, ChatMessages, roleAllows, STAFF_ROLE_LABELS } from "@yj/contract";
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  Modal,
  Popconfirm,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from "antd";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { get, post, routes, uploadChatPicture } from "../api";
import { formatTime } from "../kit/format";
import { useSubmit } from "../kit/use-submit";
import { can, useSession } from "../session";
import { useLoad } from "../use-load";
import { mergeMessages, useStaffStream } from "./staff-stream";
import { VisitorPanel } from "./visitor-panel";

const STATUS_COLORS = { waiting: "orange", open: "green", closed: "default" } as const;

/** A resend after a dropped answer carries the same id, so the server stores the reply once. */
const newClientId = () => `staff-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

function MessageLine({ message }: { message: ChatMessage }) {
  const who = message.sender === "visitor" ? "访客" : message.sender === "staff" ? message.staffName || "客服" : "系统";
  const mine = message.sender === "staff";
  return (
    <li
      style={{ listStyle: "none", display: "flex", justifyContent: mine ? "flex-end" : "flex-start", margin: "8px 0" }}
    >
      <div
        style={{
          maxWidth: "80%",
          padding: "6px 10px",
          borderRadius: 8,
          background: message.sender === "system" ? "#fafafa" : mine ? "#fff1f0" : "#f5f5f5",
        }}
      >
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {who} · {formatTime(message.createdAt)}
        </Typography.Text>
        {message.text && <div style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{message.text}</div>}
        {message.picture && (
          <a href={message.picture} target="_blank" rel="noreferrer">
            <img
              src={message.picture}
              alt={message.sender === "staff" ? "客服发送的图片" : "访客发送的图片"}
              style={{ maxWidth: 200, display: "block" }}
            />
          </a>
        )}
      </div>
    </li>
  );
}

function TransferButton({ id, onDone }: { id: number; onDone(): void }) {
  const { me } = useSession();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<number | undefined>();
  const { busy, submit } = useSubmit();
  const members = useLoad(
    () => (open ? get(routes.adminLeadAssignees) : Promise.resolve([])),
    open ? "open" : "closed",
  );
  const options = (members.data ?? [])
    .filter((m) => m.id !== me.id && roleAllows(m.role, "chat"))
    .map((m) => ({ value: m.id, label: `${m.displayName}（${STAFF_ROLE_LABELS[m.role]}）` }));
  const transfer = () =>
    target !== undefined &&
    submit(
      () => post(routes.adminChatTransfer, { id, staffId: target }),
      () => {
        message.success(ChatMessages.transferred);
        setOpen(false);
        onDone();
      },
      "转接失败",
    );
  if (!can(me, "leads")) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>转接</Button>
      <Modal
        title="转接会话"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={transfer}
        okText="转接"
        okButtonProps={{ disabled: target === undefined, loading: busy }}
      >
        {members.error ? (
          <Typography.Text type="danger">{members.error}</Typography.Text>
        ) : (
          <Select
            aria-label="转接给"
            style={{ width: "100%" }}
            placeholder="选择接手的客服"
            loading={members.loading}
            value={target}
            onChange={setTarget}
            options={options}
            notFoundContent={members.loading ? "加载中…" : "没有其他可接待的客服"}
          />
        )}
      </Modal>
    </>
  );
}

function ReplyBox({ id, canned, onSent }: { id: number; canned: string[]; onSent(message: ChatMessage): void }) {
  const [text, setText] = useState("");
  const pending = useRef<{ text: string; clientId: string } | null>(null);
  const { busy, submit } = useSubmit();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  // A picture goes alone, as its own message: uploaded first, then sent with a fresh client id.
  const sendPicture = (file: File | undefined) => {
    if (!file || uploading) return;
    setUploading(true);
    void submit(
      async () => {
        const picture = await uploadChatPicture(file);
        return post(routes.adminChatReply, { id, clientId: newClientId(), text: "", picture: picture.url });
      },
      (answer) => onSent(answer.message),
      "图片发送失败，请重试",
    ).finally(() => {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = "";
    });
  };
  const send = () => {
    const body = text.trim();
    if (!body || busy) return;
    // The same text again after a failure is the same message: the server keeps it once.
    if (pending.current?.text !== body) pending.current = { text: body, clientId: newClientId() };
    const { clientId } = pending.current;
    void submit(
      () => post(routes.adminChatReply, { id, clientId, text: body, picture: "" }),
      (answer) => {
        pending.current = null;
        setText("");
        onSent(answer.message);
      },
      "发送失败，请重试",
    );
  };
  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      <Select
        aria-label="快捷回复"
        placeholder="快捷回复"
        style={{ width: "100%" }}
        value={null}
        onChange={(value: string) => setText(value)}
        options={canned.map((reply) => ({ value: reply, label: reply }))}
      />
      <Input.TextArea
        aria-label="回复内容"
        rows={3}
        maxLength={1000}
        value={text}
        placeholder="输入回复，按 Enter 发送，Shift + Enter 换行"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
      />
      <Space wrap>
        <Button type="primary" onClick={send} loading={busy && !uploading} disabled={!text.trim() || uploading}>
          发送
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          hidden
          data-testid="chat-reply-picture"
          onChange={(event) => sendPicture(event.target.files?.[0])}
        />
        <Button onClick={() => fileRef.current?.click()} loading={uploading} disabled={busy && !uploading}>
          发送图片
        </Button>
      </Space>
    </Space>
  );
}

export function ConversationPanel({
  id,
  canned,
  onChanged,
}: {
  id: number;
  canned: string[];
  /** The lists should be read again (claimed, transferred, closed); `box` is the list it is in now. */
  onChanged(box?: "mine" | "closed"): void;
}) {
  const { me } = useSession();
  const { message } = App.useApp();
  const detail = useLoad(() => get(routes.adminChatDetail, { id }), String(id));
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const { busy, submit } = useSubmit();
  const log = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (detail.data?.id === id) setMessages((current) => mergeMessages(current, detail.data?.messages ?? []));
  }, [detail.data, id]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new message scrolls into view
  useEffect(() => {
    // The log scrolls itself, not the page (scrollIntoView would move the whole page on a phone).
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [messages.length]);

  const lastSeq = useRef(0);
  // Before the detail's messages are merged in, they are where the stream starts.
  lastSeq.current = Math.max(messages.at(-1)?.seq ?? 0, detail.data?.messages.at(-1)?.seq ?? 0);
  useStaffStream(
    id,
    detail.data !== null,
    () => lastSeq.current,
    (frame) => {
      if (frame.type === "message" && frame.message.conversationId === id)
        setMessages((current) => mergeMessages(current, [frame.message]));
      if (frame.type === "conversation") detail.reload();
    },
  );

  const act = (route: typeof routes.adminChatClaim | typeof routes.adminChatClose, done: string) =>
    submit(
      () => post(route, { id }),
      () => {
        message.success(done);
        detail.reload();
        onChanged(route === routes.adminChatClaim ? "mine" : "closed");
      },
      "操作失败",
    );

  if (detail.loading && !detail.data) return <Spin description="加载中…" />;
  if (detail.error && !detail.data) return <Result status="warning" title={detail.error} />;
  const row = detail.data;
  if (!row) return null;
  const mayWork = row.status === "open" && (row.assigneeId === me.id || me.role === "admin");

  return (
    <Card
      title={
        <Space wrap>
          <span>会话 #{row.id}</span>
          <Tag color={STATUS_COLORS[row.status]}>{CHAT_STATUS_LABELS[row.status]}</Tag>
          {row.assigneeName && <Typography.Text type="secondary">接待：{row.assigneeName}</Typography.Text>}
        </Space>
      }
      extra={
        <Space wrap>
          {row.status === "waiting" && (
            <Button type="primary" loading={busy} onClick={() => act(routes.adminChatClaim, ChatMessages.claimed)}>
              接入
            </Button>
          )}
          {mayWork && <TransferButton id={row.id} onDone={() => onChanged()} />}
          {(row.status === "waiting" || mayWork) && (
            <Popconfirm
              title="确定结束该会话？"
              okText="结束"
              cancelText="取消"
              onConfirm={() => act(routes.adminChatClose, ChatMessages.closedOk)}
            >
              <Button danger>结束</Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="线索">
              {row.leadId ? (
                can(me, "leads") ? (
                  <Link to={`/leads/${row.leadId}`}>查看线索 #{row.leadId}（含聊天记录）</Link>
                ) : (
                  `#${row.leadId}`
                )
              ) : (
                "暂无"
              )}
            </Descriptions.Item>
            <Descriptions.Item label="开始时间">{formatTime(row.createdAt)}</Descriptions.Item>
          </Descriptions>
          <div
            ref={log}
            role="log"
            aria-label="聊天记录"
            aria-live="polite"
            style={{
              height: 360,
              overflowY: "auto",
              padding: 8,
              marginBottom: 12,
              border: "1px solid #f0f0f0",
              borderRadius: 8,
            }}
          >
            {messages.length === 0 ? (
              <Empty description="还没有消息" image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <ul style={{ padding: 0, margin: 0 }}>
                {messages.map((m) => (
                  <MessageLine key={m.seq} message={m} />
                ))}
              </ul>
            )}
          </div>
          {mayWork ? (
            <ReplyBox id={row.id} canned={canned} onSent={(sent) => setMessages((c) => mergeMessages(c, [sent]))} />
          ) : (
            <Typography.Text type="secondary">
              {row.status === "closed"
                ? "会话已结束"
                : row.status === "waiting"
                  ? "请先接入该会话再回复"
                  : ChatMessages.notYours}
            </Typography.Text>
          )}
        </Col>
        <Col xs={24} xl={9}>
          <VisitorPanel row={row} onChanged={() => detail.reload()} />
        </Col>
      </Row>
    </Card>
  );
}
