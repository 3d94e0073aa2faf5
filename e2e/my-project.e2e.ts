// 我的装修 in Chromium (issue #24 §5, docs/decisions/0073), against the built server with the console
// SMS provider and the offline payment provider: staff turn a booking into a project through the
// admin API (the lead signed, a project for the booking's phone, photos on 水电改造, the inspector's
// check, acceptance asked for); the owner logs in with that phone, finds 我的装修 in the user menu,
// accepts 开工交底 and then 水电改造 with codes sent to their phone, pays the second instalment, and
// approves a change order to see the new total, then objects to 防水闭水 with a photo uploaded through
// the picture pipeline. Screenshots and axe at 1440 and 375 px.
// Time: R3 allows one code per phone a minute, and the owner here is sent five (the login and four
// acts). Waiting the minutes out took this file ~200 s; the server under test is started with
// SMS_CODE_INTERVAL_SECONDS=1, a setting only a non-production server takes (the production
// configuration check refuses it, docs/decisions/0079), so the owner waits a second between codes.
// R3's hourly cap (5 a phone) still holds, which is why the late project has an owner of its own.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { describeFaults, seriousFaults } from "./support/axe";
import { drawnJpeg, expectNoHorizontalScroll, screenshot } from "./support/browser";
import { logInInBrowser } from "./support/customer";
import { call, masked, type Session, smsCodeFor } from "./support/http";
import { freshPhone } from "./support/server";
import { staffInBrowser } from "./support/staff";

/** The server's gap between two codes to one phone (R3's minute outside production: docs/decisions/0079). */
const CODE_INTERVAL_SECONDS = 1;
const staff = staffInBrowser(
  [
    { username: "proj_boss", role: "admin", name: "赵主管" },
    { username: "proj_pm", role: "manager", name: "周经理" },
  ],
  { env: { SMS_CODE_INTERVAL_SECONDS: String(CODE_INTERVAL_SECONDS) } },
);

const owner = freshPhone();
const NEW_PASSWORD = "Project2026pass";
/** When the owner's phone was last sent a code: the next waits the server's interval. */
let lastSend = 0;

interface Detail {
  id: number;
  contractCents: number;
  stages: { id: number; name: string; status: string }[];
  instalments: { id: number; stageName: string; status: string; amountCents: number }[];
  changeOrders: { id: number; status: string }[];
}

/** A staff member's API session, their one-time password replaced first. */
async function staffSession(username: string): Promise<Session & { id: number }> {
  const res = await fetch(`${staff.server.url}/api/admin/session/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: staff.oneTimePassword(username) }),
  });
  const body = (await res.json()) as { code: number; message: string; data: { id: number; csrf: string } };
  expect(body.code, body.message).toBe(1);
  const token = /yj_staff=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
  const session = { id: body.data.id, token, csrf: body.data.csrf };
  const changed = await staffCall(session, "/api/admin/session/password", {
    currentPassword: staff.oneTimePassword(username),
    newPassword: NEW_PASSWORD,
  });
  expect(changed.code, changed.message).toBe(1);
  return session;
}

async function staffCall<T = Detail>(session: Session, path: string, body?: unknown) {
  const res = await fetch(`${staff.server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      cookie: `yj_staff=${session.token}`,
      "x-csrf-token": session.csrf,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; message: string; data: T };
}

/** The server's interval since the last code, plus a margin: the only timed wait, a second at most. */
async function waitForNextCode() {
  const wait = lastSend + CODE_INTERVAL_SECONDS * 1000 + 100 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The owner's act in the detail: its button, the dialog, 获取验证码, the code from the log, confirm. */
async function confirmWithCode(page: Page, task: string, button: string, dialogName: string, confirm: string) {
  await waitForNextCode();
  await page.getByTestId("task").filter({ hasText: task }).getByRole("button", { name: button, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: dialogName });
  await dialog.getByRole("button", { name: "获取验证码" }).click();
  lastSend = Date.now();
  await dialog.getByRole("button", { name: /秒后重新获取$/ }).waitFor();
  await dialog.getByLabel("短信验证码（发送至业主手机）").fill(await smsCodeFor(staff.server, owner));
  return { dialog, confirm: () => dialog.getByRole("button", { name: confirm }).click() };
}

async function expectAxeClean(page: Page, label: string) {
  // The navigation's progress bar lingers a moment after an in-app link; axe looks at the page after it.
  await page.getByRole("progressbar").waitFor({ state: "detached", timeout: 15_000 });
  const faults = await seriousFaults(page);
  expect(faults, `${label}: ${describeFaults(faults)}`).toEqual([]);
}

describe("我的装修 in the browser", () => {
  let boss: Session & { id: number };
  let pm: Session & { id: number };
  let project: Detail;
  let page: Page;
  let errors: string[];

  const stageId = (name: string) => project.stages.find((s) => s.name === name)?.id ?? 0;

  it("staff turn the owner's booking into a project and ask for acceptance of 开工交底 and 水电改造", async () => {
    boss = await staffSession("proj_boss");
    pm = await staffSession("proj_pm");
    expect((await staffCall(boss, "/api/admin/staff/update", { id: pm.id, phone: "13900001234" })).code).toBe(1);
    const booked = await call(staff.server.url, "/api/customers/appointment", {
      body: { phone: owner, originDetail: "我的装修测试", consent: true },
    });
    expect(booked.body.code, booked.body.message).toBe(1);
    const leads = await staffCall<{ dataList: { id: number; phone: string }[] }>(
      boss,
      "/api/admin/leads/list?kind=appointment&pageSize=100",
    );
    const lead = leads.data.dataList.find((l) => l.phone === masked(owner));
    if (!lead) throw new Error("the booking is not among the leads");
    for (const state of ["contacted", "measured", "signed"]) {
      const moved = await staffCall(boss, "/api/admin/leads/update", { id: lead.id, state });
      expect(moved.code, moved.message).toBe(1);
    }
    const created = await staffCall(boss, "/api/admin/projects/create", {
      leadId: lead.id,
      ownerName: "王女士",
      city: "杭州市",
      address: "西湖区文三路 1 号 3 幢 501",
      areaSqm: 98,
      layout: "三室两厅",
      packageText: "全包 799 套餐",
      contractCents: 12_000_000,
      startDate: "2026-09-01",
      plannedFinishDate: "2027-06-30",
      delayCompensationCentsPerDay: 10_000,
      managerId: pm.id,
      inspectorId: boss.id,
    });
    expect(created.code, created.message).toBe(1);
    project = created.data;
    // The manager's site photo goes through the picture pipeline first (purpose project).
    const blank = await staff.browser.newPage();
    const photo = await drawnJpeg(blank, "水电开槽");
    await blank.close();
    const uploaded = await fetch(`${staff.server.url}/api/admin/media/upload?purpose=project`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream", cookie: `yj_staff=${pm.token}`, "x-csrf-token": pm.csrf },
      body: new Uint8Array(photo),
    });
    const upload = (await uploaded.json()) as { code: number; message: string; data: { url: string } };
    expect(upload.code, upload.message).toBe(1);
    const recorded = await staffCall(pm, "/api/admin/projects/stage-record", {
      stageId: stageId("水电改造"),
      text: "水电管线敷设完成，打压试验合格",
      photoKeys: [upload.data.url.slice("/media/".length)],
    });
    expect(recorded.code, recorded.message).toBe(1);
    for (const name of ["开工交底", "水电改造", "防水闭水"]) {
      const checked = await staffCall(boss, "/api/admin/projects/inspect", {
        stageId: stageId(name),
        passed: true,
        note: "检查合格",
      });
      expect(checked.code, checked.message).toBe(1);
      const asked = await staffCall(pm, "/api/admin/projects/request-acceptance", { stageId: stageId(name) });
      expect(asked.code, asked.message).toBe(1);
      project = asked.data;
    }
  });

  it("the owner logs in with the booking's phone, finds 我的装修 in the user menu, and accepts 开工交底", async () => {
    ({ page, errors } = await staff.open("/login?redirect=%2F"));
    await logInInBrowser(page, staff.server, owner);
    lastSend = Date.now();
    await page.waitForURL(`${staff.server.url}/`);
    await page.getByRole("navigation", { name: "账户" }).first().getByRole("link", { name: "我的装修" }).click();
    await page.waitForURL(/\/my-project$/);
    const card = page.getByTestId("project");
    await card.getByText("西湖区文三路 1 号 3 幢 501").waitFor();
    await screenshot(page, "my-project-list-1440");
    await expectAxeClean(page, "list @1440");
    await card.getByRole("link", { name: "查看详情" }).click();
    await page.waitForURL(/\/my-project\/\d+$/);
    await page.getByRole("heading", { name: "待您处理（3）" }).waitFor();
    // 水电改造 waits for 开工交底: no 验收 for it yet.
    const later = page.getByTestId("task").filter({ hasText: "「水电改造」" });
    await later.getByText("（请先验收「开工交底」）").waitFor();
    expect(await later.getByRole("button", { name: "验收", exact: true }).count()).toBe(0);
    await page.getByRole("link", { name: "致电项目经理周经理 13900001234" }).waitFor();
    await screenshot(page, "my-project-detail-1440");
    await expectAxeClean(page, "detail @1440");

    // 开工交底 first: 水电改造 cannot be accepted before it.
    const first = await confirmWithCode(page, "「开工交底」", "验收", "验收「开工交底」", "确认验收");
    await screenshot(page, "my-project-code-dialog-1440");
    await expectAxeClean(page, "code dialog @1440");
    await first.confirm();
    await first.dialog.waitFor({ state: "detached" });
    // Accepted: its instalment is due now.
    await page.getByTestId("task").filter({ hasText: "开工交底款" }).getByRole("link", { name: "去支付" }).waitFor();
  });

  it("accepts 水电改造 with a code and pays the second instalment", async () => {
    const second = await confirmWithCode(page, "「水电改造」", "验收", "验收「水电改造」", "确认验收");
    await second.confirm();
    await second.dialog.waitFor({ state: "detached" });
    const stage = page.getByTestId("stage").filter({ hasText: "水电改造" });
    await expect.poll(() => stage.getAttribute("data-status")).toBe("accepted");
    const task = page.getByTestId("task").filter({ hasText: "水电改造款" });
    await task.getByRole("link", { name: "去支付" }).click();
    await page.waitForURL(/\/my-project\/\d+\/pay\/\d+$/);
    await page.getByText("水电改造款（合同金额的 30%）").waitFor();
    await page.getByRole("button", { name: "模拟支付（开发环境）" }).waitFor();
    await screenshot(page, "my-project-pay-1440");
    await expectAxeClean(page, "pay @1440");
    await page.getByRole("button", { name: "模拟支付（开发环境）" }).click();
    await page.getByText("支付成功").waitFor();
    await page.getByRole("link", { name: "返回装修详情" }).last().click();
    await page.waitForURL(/\/my-project\/\d+$/);
    const paid = page.getByTestId("instalment").filter({ hasText: "水电改造" });
    await paid.getByText(/^已支付/).waitFor();
  });

  it("approves a change order with a code and sees the new total", async () => {
    const proposed = await staffCall(pm, "/api/admin/projects/change-order", {
      projectId: project.id,
      kind: "add",
      items: [{ name: "厨房加装净水器", amountCents: 350_000 }],
      reason: "业主要求增加",
    });
    expect(proposed.code, proposed.message).toBe(1);
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByTestId("contract-total").textContent()).toBe("¥120,000");
    const change = await confirmWithCode(page, "厨房加装净水器", "同意变更", "同意增项", "确认同意");
    await expect.poll(() => change.dialog.textContent()).toContain("同意后合同金额将由 ¥120,000 变为 ¥123,500");
    await change.confirm();
    await change.dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("contract-total").textContent()).toBe("¥123,500");
    await page.getByText("合同金额 ¥120,000 → ¥123,500").waitFor();
    await screenshot(page, "my-project-changed-1440");
    expect(errors).toEqual([]);
  });

  it("objects to 防水闭水 with reasons and a photo of their own; the stage goes back to the inspector", async () => {
    const objection = await confirmWithCode(page, "「防水闭水」", "提出异议", "对「防水闭水」提出异议", "提交异议");
    await objection.dialog.getByLabel("异议原因").fill("卫生间墙角闭水后渗水，请整改");
    // The photo goes through the picture pipeline as the owner picks it (docs/decisions/0079).
    const photo = await drawnJpeg(page, "墙角渗水");
    await objection.dialog
      .getByLabel("照片（选填，最多 6 张）")
      .setInputFiles({ name: "渗水.jpg", mimeType: "image/jpeg", buffer: photo });
    await objection.dialog.getByRole("img", { name: "异议照片 1" }).waitFor({ timeout: 20_000 });
    await screenshot(page, "my-project-objection-dialog-1440");
    await expectAxeClean(page, "objection dialog @1440");
    await objection.confirm();
    await objection.dialog.waitFor({ state: "detached" });
    const stage = page.getByTestId("stage").filter({ hasText: "防水闭水" });
    await expect.poll(() => stage.getAttribute("data-status")).toBe("objected");
    const recorded = stage.getByTestId("objection");
    await recorded.getByText("卫生间墙角闭水后渗水，请整改").waitFor();
    const shown = recorded.getByRole("img", { name: "防水闭水异议照片 1" });
    expect(await shown.getAttribute("src")).toMatch(/^\/media\/objection-[0-9a-f]{24}-avif-1200\.webp$/);
    // The picture is served, decoded, not a broken image.
    await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await recorded.scrollIntoViewIfNeeded();
    await screenshot(page, "my-project-objection-1440");
    await expectAxeClean(page, "objection @1440");
    // The back office sees the objection's photo on the stage.
    const detail = await staffCall(boss, `/api/admin/projects/detail?id=${project.id}`);
    const objected = detail.data.stages.find((s) => s.name === "防水闭水") as unknown as {
      records: { kind: string; photoKeys: string[] }[];
    };
    expect(objected.records.at(-1)).toMatchObject({
      kind: "objection",
      photoKeys: [expect.stringMatching(/^objection-/)],
    });
    expect(errors).toEqual([]);
  });

  it("at 375 px the list, the detail and the pay step fit the phone and pass axe", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${staff.server.url}/my-project`, { waitUntil: "networkidle" });
    await page.getByTestId("project").waitFor();
    await expectNoHorizontalScroll(page, "my-project list");
    await screenshot(page, "my-project-list-375");
    await expectAxeClean(page, "list @375");
    await page.goto(`${staff.server.url}/my-project/${project.id}`, { waitUntil: "networkidle" });
    await page.getByTestId("contract-total").waitFor();
    await expectNoHorizontalScroll(page, "my-project detail");
    await screenshot(page, "my-project-detail-375");
    await expectAxeClean(page, "detail @375");
    const objection = page.getByTestId("objection");
    const objectionPhoto = objection.getByRole("img", { name: "防水闭水异议照片 1" });
    await objection.scrollIntoViewIfNeeded();
    // Lazily loaded: shown once scrolled to, then decoded.
    await expect
      .poll(() => objectionPhoto.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, "my-project-objection-375");
    const paid = project.instalments.find((i) => i.stageName === "水电改造");
    await page.goto(`${staff.server.url}/my-project/${project.id}/pay/${paid?.id}`, { waitUntil: "networkidle" });
    await page.getByText("该笔款项已支付").waitFor();
    await expectNoHorizontalScroll(page, "instalment pay");
    await screenshot(page, "my-project-pay-375");
    await expectAxeClean(page, "pay @375");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the demo's late project shows its owner the days behind plan and the compensation they imply", async () => {
    // The demo's third project (its owner 13900000003) finished its plan days before the demo was loaded.
    // Another customer: the first owner's session (this context's cookie) ends here.
    await staff.browser.clearCookies();
    const late = await staff.open("/login?redirect=%2F");
    await logInInBrowser(late.page, staff.server, "13900000003");
    await late.page.waitForURL(`${staff.server.url}/`);
    await late.page.goto(`${staff.server.url}/my-project`, { waitUntil: "networkidle" });
    await late.page
      .getByText(/已延期 \d+ 天，应赔付 ¥/)
      .first()
      .waitFor();
    await late.page.getByRole("link", { name: "查看详情" }).first().click();
    await late.page.getByText(/比计划竣工日期延期 \d+ 天，按合同每天赔付 ¥[\d,.]+，应赔付 ¥/).waitFor();
    await screenshot(late.page, "my-project-late-1440");
    expect(late.errors).toEqual([]);
    await late.page.close();
  });
});
