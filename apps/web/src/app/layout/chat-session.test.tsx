// The chat in the page, with a fake stream: replies appended once and in order, a reconnect asking
// after the last seq, the fallback to server-sent events, 重试 with the same client id, and the unread
// count on the side panel while the window is closed.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type ChatMessage, routes } from "@yj/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { message } from "../../features/leads/chat/chat-fixtures";
import ChatSession from "../../features/leads/chat/chat-session";
import type { StreamSockets } from "../../features/leads/chat/chat-stream";
import { closeChat, openChat, resetChatState } from "../../lib/chat-state";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { SidePanel } from "./side-panel";

class FakeStream {
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
  push(...messages: ChatMessage[]) {
    act(() => {
      for (const m of messages) this.onmessage?.({ data: JSON.stringify({ type: "message", message: m }) });
    });
  }
}

function fakeSockets() {
  const sockets: FakeStream[] = [];
  const events: FakeStream[] = [];
  const factory: StreamSockets = {
    socket: (url) => {
      const s = new FakeStream(url);
      sockets.push(s);
      return s as unknown as WebSocket;
    },
    events: (url) => {
      const s = new FakeStream(url);
      events.push(s);
      return s as unknown as EventSource;
    },
  };
  return { factory, sockets, events };
}

const opened = {
  conversation: { id: 7, status: "waiting", lastSeq: 1, page: "/", city: "", createdAt: "2026-11-25T01:00:00Z" },
  greeting: "您好，欢迎咨询！",
  quickQuestions: ["报价", "量房", "套餐", "售后"],
  serviceHours: "全天在线",
  messages: [message(1, { sender: "visitor", text: "你好", clientId: "first-msg" })],
};

function start(send: () => Promise<unknown> = () => Promise.reject(new Error("offline"))) {
  const fake = fakeApi({
    post: { [routes.chatOpen.path]: () => Promise.resolve(opened), [routes.chatSend.path]: send },
  });
  const streams = fakeSockets();
  renderApp(
    <>
      <SidePanel overall={false} />
      <ChatSession sockets={streams.factory} />
    </>,
    { path: "/packages", api: fake.api },
  );
  return { ...fake, ...streams };
}

const log = () => within(screen.getByRole("log", { name: "聊天记录" }));

beforeEach(() => {
  resetChatState();
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => vi.useRealTimers());

describe("chat session", () => {
  it("opens with the page, streams after the last seq and shows each reply once, in order", async () => {
    act(() => openChat());
    const { post, sockets } = start();
    expect(await screen.findByRole("dialog", { name: "在线客服" })).toBeTruthy();
    expect(await log().findByText("你好")).toBeTruthy();
    expect(post.mock.calls[0]?.[1]).toEqual({ page: "/packages", city: "杭州市" });
    expect(localStorage.getItem("yj_chat_conversation")).toBe("7");
    const socket = sockets[0];
    expect(socket?.url).toMatch(/^ws:\/\/.+\/api\/chat\/stream\?conversationId=7&after=1$/);
    act(() => socket?.onopen?.());
    socket?.push(
      message(3),
      message(2),
      message(3),
      message(1, { sender: "visitor", text: "你好", clientId: "first-msg" }),
    );
    const texts = log()
      .getAllByText(/^(你好|第 \d 条)$/)
      .map((n) => n.textContent);
    expect(texts).toEqual(["你好", "第 2 条", "第 3 条"]);
    // A drop: the next socket asks only for what came after seq 3.
    act(() => socket?.onclose?.());
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(sockets[1]?.url).toMatch(/after=3$/);
  });

  it("falls back to server-sent events when the socket never opens", async () => {
    act(() => openChat());
    const { sockets, events } = start();
    await log().findByText("你好");
    // The stream connects in an effect, which a busy machine runs after the log has shown.
    await waitFor(() => expect(sockets.filter((s) => !s.closed)).toHaveLength(1));
    act(() => sockets.find((s) => !s.closed)?.onclose?.());
    expect(events[0]?.url).toMatch(/^http:\/\/.+\/api\/chat\/stream\?conversationId=7&after=1$/);
    events[0]?.push(message(2, { text: "您好，请问房子在哪个城市？" }));
    expect(await log().findByText("您好，请问房子在哪个城市？")).toBeTruthy();
  });

  it("shows a sent message at once, 重试 after a failure, and resends it with the same client id", async () => {
    act(() => openChat());
    let fail = true;
    const { post } = start(() =>
      fail
        ? Promise.reject(new Error("offline"))
        : Promise.resolve({
            message: message(2, { sender: "visitor", text: "报价", clientId: sentId() }),
            duplicate: false,
          }),
    );
    const sentId = () => (post.mock.calls.at(-1)?.[1] as { clientId?: string } | undefined)?.clientId;
    fireEvent.click(await screen.findByRole("button", { name: "报价" }));
    expect(log().getByText("报价")).toBeTruthy();
    const retry = await log().findByRole("button", { name: "重试" });
    const firstId = sentId();
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(log().queryByRole("button", { name: "重试" })).toBeNull());
    expect(post).toHaveBeenCalledTimes(3);
    expect(sentId()).toBe(firstId);
    expect(log().getAllByText("报价")).toHaveLength(1);
  });

  it("counts replies on 在线客服 while the window is closed and clears them on opening", async () => {
    act(() => openChat());
    const { sockets } = start();
    await log().findByText("你好");
    act(() => closeChat());
    expect(screen.queryByRole("dialog")).toBeNull();
    sockets[0]?.push(message(2), message(3, { sender: "visitor" }), message(4), message(4));
    const button = screen.getByTestId("chat-button");
    expect(within(button).getByTestId("chat-unread").textContent).toBe("2 条未读消息");
    fireEvent.click(button);
    expect(await screen.findByRole("dialog", { name: "在线客服" })).toBeTruthy();
    expect(within(button).queryByTestId("chat-unread")).toBeNull();
  });

  it("offers the phone form when no staff has answered within a minute", async () => {
    act(() => openChat());
    opened.messages = [
      message(1, { sender: "visitor", text: "你好", clientId: "first-msg", createdAt: new Date().toISOString() }),
    ];
    start();
    await log().findByText("你好");
    expect(screen.queryByText(/客服暂时繁忙/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(screen.getByText("客服暂时繁忙，可留下手机号，我们尽快回电。")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "留下手机号" }));
    expect(screen.getByRole("form", { name: "留下手机号" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "《隐私政策》" }).getAttribute("href")).toBe("/privacy");
  });
});
