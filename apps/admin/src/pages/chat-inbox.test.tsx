// 在线客服 (issue #25 §3): the three lists with their counts, a conversation's messages live from the
// staff stream (in order, each once), claim and a canned reply sent with Enter, and the tab title that
// counts the waiting conversations.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { adminRoutes, CHAT_STAFF_STREAM_PATH, type ChatMessage, type ChatStatus, type StaffMe } from "@yj/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mergeMessages, staffStreamUrl } from "../chat/staff-stream";
import { waitingTitle } from "../chat/waiting-alert";
import { answer, api } from "../test/fake-api";
import { renderPage } from "../test/render-page";
import { ChatInboxPage } from "./chat-inbox";

const me: StaffMe = {
  id: 9,
  username: "li",
  displayName: "李客服",
  role: "sales",
  mustChangePassword: false,
  permissions: ["self", "dashboard", "leads", "chat"],
  csrf: "x",
};

/** The browser's EventSource, as far as the inbox uses it: the test pushes frames into each stream. */
class FakeEventSource {
  static CLOSED = 2;
  static open: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  listeners = new Map<string, (event: MessageEvent) => void>();
  constructor(readonly url: string) {
    FakeEventSource.open.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
    FakeEventSource.open = FakeEventSource.open.filter((s) => s !== this);
  }
  push(type: string, data: object) {
    act(() => this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent));
  }
}

const row = (id: number, fields: object = {}) => ({
  id,
  status: "waiting" as ChatStatus,
  lastSeq: 1,
  page: "/packages",
  city: "杭州",
  createdAt: "2026-05-01T02:00:00.000Z",
  assigneeId: null as number | null,
  assigneeName: "",
  customerPhone: "",
  leadId: null,
  lastText: "杭州能上门量房吗",
  updatedAt: "2026-05-01T02:00:00.000Z",
  ...fields,
});
const message = (seq: number, text: string, fields: Partial<ChatMessage> = {}): ChatMessage => ({
  conversationId: 7,
  seq,
  clientId: `client-${seq}-abc`,
  sender: "visitor",
  staffName: "",
  text,
  picture: "",
  createdAt: "2026-05-01T02:00:00.000Z",
  ...fields,
});

let lists: Record<string, unknown[]>;
beforeEach(() => {
  vi.stubGlobal("EventSource", FakeEventSource);
  FakeEventSource.open = [];
  document.title = "悦家整装 · 后台";
  lists = { waiting: [row(7), row(8, { city: "" })], mine: [], closed: [row(3, { status: "closed" })] };
  answer(adminRoutes.adminChatList, (query) => lists[(query as { box: string }).box]);
  answer(adminRoutes.adminChatCanned, ["您好，我是在线客服，很高兴为您服务。", "感谢您的咨询！"]);
});
afterEach(() => vi.unstubAllGlobals());

const streamOf = (id?: number) =>
  FakeEventSource.open.find((s) => (id ? s.url.includes(`id=${id}`) : s.url === CHAT_STAFF_STREAM_PATH));

describe("chat inbox", () => {
  it("shows the three lists with their counts, and each list's empty state", async () => {
    lists.closed = [];
    renderPage(<ChatInboxPage />, { me, url: "/chat" });
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["待接入 2", "我的会话 0", "已结束 0"]);
    expect(screen.getByText("会话 #7 · 杭州")).toBeTruthy();
    expect(screen.getByText("请从左侧选择一个会话")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: /我的会话/ }));
    expect(await screen.findByText("暂无接待中的会话")).toBeTruthy();
  });

  it("says why when the lists cannot be read", async () => {
    answer(adminRoutes.adminChatList, () => {
      throw new Error("网络异常，请稍后重试");
    });
    renderPage(<ChatInboxPage />, { me, url: "/chat" });
    expect(await screen.findByText("网络异常，请稍后重试")).toBeTruthy();
  });

  it("counts the waiting conversations in the tab title, and again when the stream says one came", async () => {
    expect(waitingTitle(0, "后台")).toBe("后台");
    expect(waitingTitle(2, "后台")).toBe("(2) 新会话 · 后台");
    const { unmount } = renderPage(<ChatInboxPage />, { me, url: "/chat" });
    await waitFor(() => expect(document.title).toBe("(2) 新会话 · 悦家整装 · 后台"));
    lists.waiting = [row(7), row(8), row(9)];
    streamOf()?.push("conversation", { type: "conversation", conversationId: 9 });
    await waitFor(() => expect(document.title).toBe("(3) 新会话 · 悦家整装 · 后台"));
    expect(screen.getAllByRole("tab")[0]?.textContent).toBe("待接入 3");
    // A dropped stream replays nothing for the lists: on reconnect they are read again.
    lists.waiting = [row(7)];
    act(() => streamOf()?.onopen?.());
    act(() => streamOf()?.onopen?.());
    await waitFor(() => expect(document.title).toBe("(1) 新会话 · 悦家整装 · 后台"));
    unmount();
    expect(document.title).toBe("悦家整装 · 后台");
  });

  it("shows a conversation's messages live, in order and once; claims it and replies with a canned reply on Enter", async () => {
    let detail = { ...row(7), messages: [message(1, "杭州能上门量房吗")] };
    answer(adminRoutes.adminChatDetail, () => detail);
    answer(adminRoutes.adminChatClaim, () => {
      detail = { ...detail, status: "open", assigneeId: 9, assigneeName: "李客服" };
      return detail;
    });
    answer(adminRoutes.adminChatReply, (body) => ({
      message: message(4, (body as { text: string }).text, { sender: "staff", staffName: "李客服" }),
      duplicate: false,
    }));
    renderPage(<ChatInboxPage />, { me, url: "/chat?id=7" });
    const log = await screen.findByRole("log", { name: "聊天记录" });
    expect(within(log).getByText("杭州能上门量房吗")).toBeTruthy();
    expect(screen.getByText("请先接入该会话再回复")).toBeTruthy();

    // The conversation's own stream starts after what the detail gave.
    const stream = streamOf(7);
    expect(stream?.url).toBe(staffStreamUrl(7, 1));
    stream?.push("message", { type: "message", message: message(3, "第三条") });
    stream?.push("message", { type: "message", message: message(2, "第二条") });
    stream?.push("message", { type: "message", message: message(2, "第二条") });
    const texts = () =>
      within(log)
        .getAllByText(/杭州能上门量房吗|第二条|第三条/)
        .map((el) => el.textContent);
    expect(texts()).toEqual(["杭州能上门量房吗", "第二条", "第三条"]);

    fireEvent.click(screen.getByRole("button", { name: "接 入" }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(adminRoutes.adminChatClaim, { id: 7 }));
    const box = await screen.findByLabelText("回复内容");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/chat?id=7&box=mine"));
    expect(screen.getByRole("button", { name: "转 接" })).toBeTruthy();

    fireEvent.mouseDown(screen.getByLabelText("快捷回复"));
    fireEvent.click(await screen.findByTitle("感谢您的咨询！"));
    expect((box as HTMLTextAreaElement).value).toBe("感谢您的咨询！");
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(
        adminRoutes.adminChatReply,
        expect.objectContaining({ id: 7, text: "感谢您的咨询！" }),
      ),
    );
    expect(await within(log).findByText("感谢您的咨询！")).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe("");
    // The same reply coming back on the stream is not shown twice.
    stream?.push("message", {
      type: "message",
      message: message(4, "感谢您的咨询！", { sender: "staff", staffName: "李客服" }),
    });
    expect(within(log).getAllByText("感谢您的咨询！")).toHaveLength(1);
  });

  it("transfers a conversation of mine only to another member whose role holds the inbox", async () => {
    answer(adminRoutes.adminChatDetail, {
      ...row(7, { status: "open", assigneeId: 9, assigneeName: "李客服" }),
      messages: [],
    });
    answer(adminRoutes.adminLeadAssignees, [
      { id: 9, displayName: "李客服", role: "sales" },
      { id: 10, displayName: "王客服", role: "sales" },
      { id: 11, displayName: "周运营", role: "operations" },
      { id: 12, displayName: "赵经理", role: "manager" },
    ]);
    answer(adminRoutes.adminChatTransfer, () => row(7, { status: "open", assigneeId: 10, assigneeName: "王客服" }));
    renderPage(<ChatInboxPage />, { me, url: "/chat?box=mine&id=7" });
    expect(await screen.findByText("还没有消息")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "转 接" }));
    fireEvent.mouseDown(await screen.findByLabelText("转接给"));
    const options = () => [...document.querySelectorAll(".ant-select-item-option")].map((o) => o.textContent);
    await waitFor(() => expect(options()).toEqual(["王客服（销售/客服）"]));
    fireEvent.click(await screen.findByTitle("王客服（销售/客服）"));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "转 接" }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(adminRoutes.adminChatTransfer, { id: 7, staffId: 10 }));
    expect(await screen.findByText("已转接")).toBeTruthy();
  });

  it("merges messages by their sequence", () => {
    const merged = mergeMessages([message(2, "b")], [message(1, "a"), message(2, "b again"), message(3, "c")]);
    expect(merged.map((m) => m.text)).toEqual(["a", "b", "c"]);
  });
});
