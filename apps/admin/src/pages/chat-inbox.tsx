// 在线客服 (issue #25 §3, docs/decisions/0075): the inbox of the visitors' conversations. Three lists
// with their counts (待接入, 我的会话, 已结束), kept fresh by the staff stream; the chosen conversation
// beside them (chat/conversation-panel.tsx). A new waiting conversation beeps and shows in the tab
// title. The list and the conversation are in the address (?box=&id=), so a reload keeps them.
import { type adminRoutes, CHAT_BOXES, type ChatBox, type DataOf, type EndpointOf } from "@yj/contract";
import { Col, Empty, Result, Row, Spin, Tabs, Typography } from "antd";
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { get, routes } from "../api";
import { ConversationPanel } from "../chat/conversation-panel";
import { useStaffStream } from "../chat/staff-stream";
import { useWaitingAlert } from "../chat/waiting-alert";
import { formatTime } from "../kit/format";
import { TitledPage } from "../kit/titled-page";
import { useLoad } from "../use-load";

type ChatInboxRow = DataOf<EndpointOf<typeof adminRoutes.adminChatList>>[number];

const BOX_LABELS: Record<ChatBox, string> = { waiting: "待接入", mine: "我的会话", closed: "已结束" };
const EMPTY_TEXT: Record<ChatBox, string> = {
  waiting: "暂无等待接入的会话",
  mine: "暂无接待中的会话",
  closed: "暂无已结束的会话",
};
/** Events come in bursts (a message, then its conversation): one reload for the burst. */
const RELOAD_AFTER_MS = 300;

async function loadBoxes(): Promise<Record<ChatBox, ChatInboxRow[]>> {
  const [waiting = [], mine = [], closed = []] = await Promise.all(
    CHAT_BOXES.map((box) => get(routes.adminChatList, { box })),
  );
  return { waiting, mine, closed };
}

function ConversationList({
  rows,
  box,
  selected,
  onSelect,
}: {
  rows: ChatInboxRow[];
  box: ChatBox;
  selected: number | null;
  onSelect(id: number): void;
}) {
  if (rows.length === 0) return <Empty description={EMPTY_TEXT[box]} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <ul aria-label={`${BOX_LABELS[box]}的会话`} style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {rows.map((row) => (
        <li
          key={row.id}
          style={{
            background: row.id === selected ? "#fff1f0" : undefined,
            borderBottom: "1px solid #f0f0f0",
            padding: "8px",
          }}
        >
          <button
            type="button"
            aria-current={row.id === selected ? "true" : undefined}
            onClick={() => onSelect(row.id)}
            style={{ all: "unset", cursor: "pointer", width: "100%", display: "block" }}
          >
            <Typography.Text strong>
              会话 #{row.id}
              {row.city ? ` · ${row.city}` : ""}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: "100%" }}>
              {row.lastText || "（暂无消息）"}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatTime(row.updatedAt)}
              {row.assigneeName ? ` · ${row.assigneeName}` : ""}
            </Typography.Text>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ChatInboxPage() {
  const [params, setParams] = useSearchParams();
  const box = (CHAT_BOXES as readonly string[]).includes(params.get("box") ?? "")
    ? (params.get("box") as ChatBox)
    : "waiting";
  const selected = Number(params.get("id")) || null;
  const lists = useLoad(loadBoxes);
  const canned = useLoad(() => get(routes.adminChatCanned, {}));

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { reload } = lists;
  const reloadSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(reload, RELOAD_AFTER_MS);
  }, [reload]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useStaffStream(undefined, true, () => 0, reloadSoon, reloadSoon);

  const waitingIds = useMemo(() => lists.data?.waiting.map((row) => row.id) ?? null, [lists.data]);
  useWaitingAlert(waitingIds);

  const choose = (next: Partial<{ box: ChatBox; id: number | null }>) => {
    const query = new URLSearchParams(params);
    if (next.box) query.set("box", next.box);
    if (next.id !== undefined) {
      if (next.id === null) query.delete("id");
      else query.set("id", String(next.id));
    }
    setParams(query);
  };

  let listPart: ReactNode;
  if (lists.loading && !lists.data) listPart = <Spin description="加载中…" />;
  else if (lists.error && !lists.data) listPart = <Result status="warning" title={lists.error} />;
  else if (lists.data) {
    const data = lists.data;
    listPart = (
      <Tabs
        activeKey={box}
        onChange={(key) => choose({ box: key as ChatBox })}
        items={CHAT_BOXES.map((key) => ({
          key,
          label: (
            <span>
              {BOX_LABELS[key]}{" "}
              <span
                style={{
                  display: "inline-block",
                  minWidth: 20,
                  padding: "0 6px",
                  borderRadius: 10,
                  fontSize: 12,
                  lineHeight: "20px",
                  textAlign: "center",
                  color: "#fff",
                  background: key === "waiting" && data.waiting.length ? "#cf1322" : "#595959",
                }}
              >
                {data[key].length}
              </span>
            </span>
          ),
          children: (
            <ConversationList rows={data[key]} box={key} selected={selected} onSelect={(id) => choose({ id })} />
          ),
        }))}
      />
    );
  }

  return (
    <TitledPage title="在线客服">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          {listPart}
        </Col>
        <Col xs={24} lg={16}>
          {selected ? (
            <ConversationPanel
              key={selected}
              id={selected}
              canned={canned.data ?? []}
              onChanged={(moved) => {
                reloadSoon();
                // The conversation stays open beside the list it moved to (接入 → 我的会话).
                if (moved) choose({ box: moved });
              }}
            />
          ) : (
            <Empty description="请从左侧选择一个会话" />
          )}
        </Col>
      </Row>
    </TitledPage>
  );
}
