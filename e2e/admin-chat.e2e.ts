// 在线客服 in the back office, in Chromium against the built server (issue #25 §3, docs/decisions/0075):
// a visitor opens a conversation and asks through the public chat API (a cookie jar, as a browser
// would hold it); a 销售/客服 sees it waiting (and counted in the tab title), claims it, answers with a
// canned reply sent with Enter, and sees the visitor's next message arrive live; the visitor's history
// has the answer. Beside the conversation (docs/decisions/0078): the visitor's page and city, a picture
// they sent, 转为线索 with the number they gave (the lead keeps the transcript), their lead with the
// number masked and its recorded reveal. A 运营 has no 在线客服 in the menu and the inbox's API refuses
// them; they edit the 在线客服 card of the settings. Axe at 1440 and 375 px, and screenshots.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { describeFaults, seriousFaults } from "./support/axe";
import { drawnJpeg, expectNoHorizontalScroll, screenshot } from "./support/browser";
import { freshPhone } from "./support/server";
import { changeOneTimePassword, logIn, staffInBrowser } from "./support/staff";

const staff = staffInBrowser([
  { username: "chat_sales", role: "sales", name: "林客服" },
  { username: "chat_ops", role: "operations", name: "周运营" },
]);

const CANNED = "感谢您的咨询，祝您生活愉快！";

/** A visitor's browser, as far as the chat goes: the chat cookie the server set, sent back each time. */
function visitor() {
  let cookie = "";
  const call = async (method: "GET" | "POST", path: string, body?: object) => {
    const answer = await fetch(`${staff.server.url}${path}`, {
      method,
      headers: { ...(body ? { "content-type": "application/json" } : {}), ...(cookie ? { cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = answer.headers.getSetCookie().find((c) => c.startsWith("yj_chat="));
    if (set) cookie = set.split(";")[0] ?? "";
    const envelope = (await answer.json()) as { code: number; message: string; data: never };
    expect(envelope.code, envelope.message).toBe(1);
    return envelope.data;
  };
  /** A picture through the picture pipeline, as the window's 发送图片 sends it: the bytes are the body. */
  const picture = async (jpeg: Buffer) => {
    const answer = await fetch(`${staff.server.url}/api/chat/picture`, {
      method: "POST",
      headers: { "content-type": "image/jpeg", cookie },
      body: new Uint8Array(jpeg),
    });
    const envelope = (await answer.json()) as { code: number; message: string; data: { url: string } };
    expect(envelope.code, envelope.message).toBe(1);
    return envelope.data.url;
  };
  return { call, picture };
}

async function firstLogin(username: string, width = 1440, height = 900) {
  await staff.browser.clearCookies();
  const opened = await staff.open("/admin", width, height);
  await opened.page.waitForURL(/\/admin\/login/);
  await logIn(opened.page, username, staff.oneTimePassword(username));
  await changeOneTimePassword(opened.page, staff.oneTimePassword(username), "Chat2026pass");
  return opened;
}

async function expectAccessible(page: Page, label: string) {
  const faults = await seriousFaults(page);
  expect(faults, `${label}: ${describeFaults(faults)}`).toEqual([]);
}

/** antd puts a space between a two-character button's characters. */
const button = (page: Page, text: string) =>
  page.getByRole("button", { name: text }).or(page.getByRole("button", { name: text.split("").join(" ") }));

describe("在线客服 inbox", () => {
  const guest = visitor();
  let conversationId = 0;

  it("a 销售/客服 claims a waiting visitor, answers with a canned reply, and the visitor has it", async () => {
    const opened = await guest.call("POST", "/api/chat/open", { page: "/packageDetails", city: "杭州" });
    conversationId = (opened as { conversation: { id: number } }).conversation.id;
    await guest.call("POST", "/api/chat/send", { conversationId, clientId: "visitor-0001", text: "杭州能上门量房吗" });

    const { page, errors } = await firstLogin("chat_sales");
    await page.getByRole("link", { name: "在线客服" }).click();
    await page.getByRole("heading", { name: "在线客服" }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^\(1\) 新会话 · /);
    await expect.poll(() => page.getByRole("tab", { name: /待接入/ }).textContent()).toBe("待接入 1");
    await page.getByRole("button", { name: new RegExp(`会话 #${conversationId} · 杭州`) }).click();
    const log = page.getByRole("log", { name: "聊天记录" });
    await log.getByText("杭州能上门量房吗").waitFor();
    await page.getByText("套餐详情").waitFor();

    await button(page, "接入").click();
    await page.getByText("已接入会话").waitFor();
    await expect.poll(() => page.title()).not.toMatch(/新会话/);
    await page.getByLabel("快捷回复").click();
    await page.locator(`.ant-select-item-option[title="${CANNED}"]`).click();
    await page.getByLabel("回复内容").press("Enter");
    await log.getByText(CANNED).waitFor();
    await expect.poll(() => page.getByLabel("回复内容").inputValue()).toBe("");

    // The visitor's next message arrives through the staff stream, once.
    await guest.call("POST", "/api/chat/send", { conversationId, clientId: "visitor-0002", text: "好的，周六可以吗" });
    await log.getByText("好的，周六可以吗").waitFor();
    expect(await log.getByText(CANNED).count()).toBe(1);

    const history = (await guest.call("GET", `/api/chat/history?conversationId=${conversationId}&after=0`)) as {
      messages: { sender: string; text: string; staffName: string }[];
    };
    expect(history.messages.map((m) => [m.sender, m.text])).toEqual([
      ["visitor", "杭州能上门量房吗"],
      ["staff", CANNED],
      ["visitor", "好的，周六可以吗"],
    ]);
    expect(history.messages[1]?.staffName).toBe("林客服");

    await screenshot(page, "admin-chat-inbox-1440");
    await expectAccessible(page, "chat inbox 1440");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("beside the conversation: a picture, 转为线索 with the transcript, the masked number and its reveal", async () => {
    const phone = freshPhone();
    const { page, errors } = await staff.open(`/admin/chat?box=mine&id=${conversationId}`);
    const log = page.getByRole("log", { name: "聊天记录" });
    await log.getByText(CANNED).waitFor();
    const url = await guest.picture(await drawnJpeg(page, "客厅"));
    await guest.call("POST", "/api/chat/send", { conversationId, clientId: "visitor-0003", text: "", picture: url });
    const sent = log.getByRole("img", { name: "访客发送的图片" });
    await expect.poll(() => sent.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // Staff send one back (uploaded under the inbox's own permission).
    await page
      .getByTestId("chat-reply-picture")
      .setInputFiles({ name: "方案.jpg", mimeType: "image/jpeg", buffer: await drawnJpeg(page, "方案") });
    const answered = log.getByRole("img", { name: "客服发送的图片" });
    await expect.poll(() => answered.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    const panel = page.getByRole("region", { name: "访客信息" });
    await panel.getByText("杭州", { exact: true }).waitFor();
    await panel.getByText("暂无线索").waitFor();
    await panel.getByRole("button", { name: "转为线索" }).click();
    const dialog = page.getByRole("dialog", { name: "转为线索（在线咨询）" });
    await dialog.getByLabel("访客手机号").fill(phone);
    await dialog.getByLabel("称呼").fill("陈女士");
    await dialog.getByRole("button", { name: "转为线索" }).click();
    await page.getByText("已转为线索").first().waitFor();
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    await panel.getByText(masked).first().waitFor();
    await panel.getByRole("link", { name: /^线索 #\d+$/ }).waitFor();
    await panel.getByRole("button", { name: "显示完整号码" }).click();
    await panel.getByRole("link", { name: phone }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, "admin-chat-side-panel-1440");
    await expectAccessible(page, "chat side panel 1440");

    // The lead keeps the transcript, both pictures included.
    await page.getByRole("link", { name: /含聊天记录/ }).click();
    const transcript = page.getByRole("list", { name: "聊天记录" });
    await transcript.getByText("杭州能上门量房吗").waitFor();
    await transcript.getByText(CANNED).waitFor();
    expect(await transcript.getByRole("img", { name: "聊天图片" }).count()).toBe(2);
    await page.getByRole("link", { name: `打开会话 #${conversationId}` }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("at 375 px the inbox fits the phone", async () => {
    const { page, errors } = await staff.open(`/admin/chat?box=mine&id=${conversationId}`, 375, 812);
    await page.getByRole("log", { name: "聊天记录" }).getByText(CANNED).waitFor();
    await expectNoHorizontalScroll(page, "chat inbox 375");
    await screenshot(page, "admin-chat-inbox-375");
    const panel = page.getByRole("region", { name: "访客信息" });
    await panel.getByRole("link", { name: /^线索 #\d+$/ }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, "admin-chat-side-panel-375");
    await expectAccessible(page, "chat inbox 375");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a 运营 has no 在线客服 and the inbox's API refuses them", async () => {
    const { page } = await firstLogin("chat_ops");
    await page.getByRole("link", { name: "首页" }).first().waitFor();
    expect(await page.getByRole("link", { name: "在线客服" }).count()).toBe(0);
    const refused = await page.evaluate(async () => {
      const answer = await fetch("/api/admin/chat/list?box=waiting");
      return { status: answer.status, body: (await answer.json()) as { message: string } };
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("没有权限执行此操作");
    await page.goto(`${staff.server.url}/admin/chat`);
    await page.getByText("没有权限").first().waitFor();

    // The 在线客服 card of the settings: its own form and save.
    await page.goto(`${staff.server.url}/admin/settings`);
    const card = page.locator(".ant-card").filter({ hasText: "企业微信客服链接" });
    await card.getByLabel("欢迎语").fill("您好，欢迎咨询装修问题！");
    await card.getByLabel("企业微信客服链接").fill("http://example.com");
    await card.getByRole("button", { name: "保存在线客服设置" }).click();
    await card.getByText("企业微信客服链接须以 https:// 开头").waitFor();
    await card.getByLabel("企业微信客服链接").fill("https://work.weixin.qq.com/kfid/kfc0e2e0000000002");
    await card.getByRole("button", { name: "保存在线客服设置" }).click();
    await page.getByText("在线客服设置已保存").first().waitFor();
    const saved = await page.evaluate(
      async () =>
        (await (await fetch("/api/admin/settings/chat/detail")).json()) as {
          data: { greeting: string };
        },
    );
    expect(saved.data.greeting).toBe("您好，欢迎咨询装修问题！");
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "admin-settings-chat-1440");
    await expectAccessible(page, "settings chat card 1440");
    await page.setViewportSize({ width: 375, height: 812 });
    await card.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page, "settings chat card 375");
    await screenshot(page, "admin-settings-chat-375");
    await expectAccessible(page, "settings chat card 375");
    await page.close();
  });
});
