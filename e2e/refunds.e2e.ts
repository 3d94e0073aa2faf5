// Refunds, after-sales and reconciliation in Chromium (docs/decisions/0063, 0064, 0065; R19, R20),
// against the built server taking WeChat Pay through its local fake gateway.
// - A buyer's order is paid with 微信支付 (the fake's signed, encrypted notify), the buyer asks for
//   申请退款 in /my-orders with a 退款原因 and sees 申请中; a 销售/客服 opens the order in the back
//   office and presses 同意退款; the fake takes the refund under its number and its refund notify
//   settles it; /my-orders shows the order 已退款.
// - A paid order is shipped by the 销售/客服; the buyer files 申请售后 (a return, 质量问题, a photo sent
//   through the real upload path); the 销售/客服 answers it with a note in the 售后 list (同意: the
//   return's refund goes to the fake); /my-orders shows 已同意 and the note.
// - Yesterday's WeChat Pay and Alipay bills (the fakes serve them in the providers' formats) each carry
//   one planted difference of each kind (missing on our side, on theirs, an amount that differs); the
//   管理员 runs the day again on 对账 per provider, sees each one and downloads the Excel export.
// axe finds no serious fault in the dialogs (申请退款, 申请售后, 同意退款, 拒绝, 同意/拒绝售后申请).
// Screenshots at 1440 and 375 px.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CSRF_COOKIE, TOKEN_COOKIE } from "@yj/contract";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeWechatPayGateway } from "../apps/server/src/providers/payment/fake-wechatpay-gateway";
import { FakeAlipay, rsaKeyPair } from "../apps/server/test/support/fake-alipay";
import { expectNoSeriousFaults } from "./support/axe";
import { drawnJpeg, expectNoHorizontalScroll, screenshot } from "./support/browser";
import { customerWithOrder } from "./support/customer";
import { call, type Session } from "./support/http";
import { freshPhone } from "./support/server";
import { changeOneTimePassword, logIn, staffInBrowser } from "./support/staff";

const wechat = new FakeWechatPayGateway();
const appKeys = rsaKeyPair();
const alipay = new FakeAlipay(appKeys.publicKey, "2021000000000001", "2088000000000001");
/** Filled once the fakes listen, before the server starts (beforeAll hooks run in order). */
const env: Record<string, string> = {};

beforeAll(async () => {
  await Promise.all([wechat.start(), alipay.start()]);
  Object.assign(env, {
    // WeChat Pay first: the pay step's default, which the API's precreates without a method take.
    PAYMENT_PROVIDER: "wechat,alipay",
    ALIPAY_APP_ID: alipay.appId,
    ALIPAY_PRIVATE_KEY: appKeys.privateKey,
    ALIPAY_PUBLIC_KEY: alipay.alipayKeys.publicKey,
    ALIPAY_SELLER_ID: alipay.sellerId,
    ALIPAY_GATEWAY: alipay.url,
    ALIPAY_NOTIFY_URL: "https://shop.example.cn/api/alipay/notify",
    // The server's own address is known only once it listens: the test points notifies there.
    ...wechat.settings("https://shop.example.cn/api/wechatpay/notify"),
  });
});
const staff = staffInBrowser(
  [
    { username: "refund_sales", role: "sales", name: "李客服" },
    { username: "refund_boss", name: "王管理员" },
  ],
  { env },
);
afterAll(async () => {
  await Promise.all([wechat.stop(), alipay.stop()]);
});
beforeEach(async () => {
  await staff.browser.clearCookies();
});

const PHONE = { width: 375, height: 812 };
/** The password each member chose at the first login (later logins use it). */
const chosenPasswords = new Map<string, string>();

/** Opens the back office as `username` (first login: the one-time password is replaced), then `path`. */
async function backOffice(username: string, path: string): Promise<{ page: Page; errors: string[] }> {
  const opened = await staff.open("/admin");
  await opened.page.waitForURL(/\/admin\/login/);
  const chosen = chosenPasswords.get(username);
  if (chosen) {
    await logIn(opened.page, username, chosen);
    await opened.page.getByRole("heading", { name: "首页" }).waitFor();
  } else {
    await logIn(opened.page, username, staff.oneTimePassword(username));
    await changeOneTimePassword(opened.page, staff.oneTimePassword(username), "Refund2026pass");
    chosenPasswords.set(username, "Refund2026pass");
  }
  await opened.page.goto(`${staff.server.url}/admin${path}`, { waitUntil: "networkidle" });
  return opened;
}

/** The customer's session in the browser's cookies (the storefront's pages are logged in). */
async function asCustomer(session: Session) {
  await staff.browser.addCookies([
    { name: TOKEN_COOKIE, value: session.token, url: staff.server.url },
    { name: CSRF_COOKIE, value: session.csrf, url: staff.server.url },
  ]);
}

/**
 * Pays `outTradeNo` at the fake WeChat Pay gateway and sends its notify to the shop; `paidAt`
 * (WeChat's success_time, which the shop records) when given.
 */
async function payAtWechat(outTradeNo: string, paidAt?: string) {
  const trade = wechat.trades.get(outTradeNo);
  if (!trade) throw new Error(`no trade ${outTradeNo} at the fake WeChat Pay gateway`);
  trade.notifyUrl = `${staff.server.url}/api/wechatpay/notify`;
  wechat.pay(outTradeNo);
  if (paidAt) trade.successTime = paidAt;
  expect(await wechat.sendNotify(outTradeNo)).toBe(204);
  return trade;
}

/** The stock of goods 1's first SKU, which customerWithOrder orders one of, as the product page shows it. */
async function skuOneStock(): Promise<number> {
  const goods = await call<{ skus: { id: number; stock: number }[] }>(staff.server.url, "/api/goods/mail/show?id=1");
  return goods.body.data.skus.find((sku) => sku.id === 1)?.stock ?? Number.NaN;
}

/** A new customer's order of goods 1, paid with 微信支付. */
async function paidOrder(name: string) {
  const { session, orderNo } = await customerWithOrder(staff.server, { name });
  const pre = await call<{ outTradeNo: string }>(staff.server.url, `/api/alipay/precreate?orderNo=${orderNo}`, {
    session,
  });
  expect(pre.body.code, pre.body.message).toBe(1);
  const trade = await payAtWechat(pre.body.data.outTradeNo);
  return { session, orderNo, trade };
}

/**
 * axe on the open antd dialog once it is drawn as a person sees it: its zoom has ended (opaque, no
 * animation running, a message faded in), so colours are read as drawn.
 */
const OPEN_MODAL = ".ant-modal-wrap:not([style*='display: none'])";
async function expectModalPasses(page: Page, what: string) {
  await expect
    .poll(() =>
      page.evaluate((selector) => {
        const wraps = [...document.querySelectorAll(selector)];
        const dialog = wraps.at(-1)?.querySelector(".ant-modal");
        if (!dialog) return "no dialog";
        const moving = wraps.flatMap((e) => e.getAnimations({ subtree: true })).length;
        return moving > 0 ? "moving" : getComputedStyle(dialog).opacity;
      }, OPEN_MODAL),
    )
    .toBe("1");
  await expectNoSeriousFaults(page, what, OPEN_MODAL);
}

/** "YYYY-MM-DD" in China time, `days` before now. */
function chinaDay(daysBefore: number): string {
  return new Date(Date.now() + 8 * 3600_000 - daysBefore * 86_400_000).toISOString().slice(0, 10);
}

describe("refunds, after-sales and reconciliation in the browser", () => {
  it("pays with 微信支付, asks 申请退款, a 销售/客服 approves, the order shows 已退款 and its unit is back in stock", async () => {
    // The shop's own page of goods 1 says what is in stock (cached a few seconds: hence the polls).
    const stockBefore = await skuOneStock();
    const { session, orderNo, trade } = await paidOrder("退款");
    await expect.poll(skuOneStock).toBe(stockBefore - 1);

    // The buyer asks for the refund, with a reason.
    await asCustomer(session);
    const { page, errors } = await staff.open("/my-orders");
    const card = page.getByTestId("order").filter({ hasText: orderNo });
    await card.getByText("已支付").waitFor();
    await card.getByRole("button", { name: "申请退款" }).click();
    const dialog = page.getByRole("dialog", { name: "申请退款" });
    await dialog.getByRole("button", { name: "提交申请" }).click();
    await dialog.getByText("请填写退款原因").waitFor();
    await dialog.getByLabel("退款原因").fill("尺寸不合适");
    await screenshot(page, "refund-dialog-1440");
    await expectNoSeriousFaults(page, "申请退款 at 1440 px");
    await page.setViewportSize(PHONE);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousFaults(page, "申请退款 at 375 px");
    await screenshot(page, "refund-dialog-375");
    await dialog.getByRole("button", { name: "提交申请" }).click();
    await card.getByText("申请中").waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, "refund-requested-375");
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, "refund-requested-1440");

    // A 销售/客服 approves it in the order's page, after a look at 拒绝's dialog.
    const admin = await backOffice("refund_sales", `/orders/${orderNo}`);
    await admin.page.bringToFront();
    await admin.page.getByText("退款原因：尺寸不合适").waitFor();
    await admin.page.getByRole("button", { name: /^拒\s?绝$/ }).click();
    const refuse = admin.page.getByRole("dialog").filter({ hasText: "拒绝退款" });
    await refuse.waitFor();
    await expectModalPasses(admin.page, "拒绝 (refund)");
    await screenshot(admin.page, "refund-admin-refuse-1440");
    await refuse.getByRole("button", { name: /取\s?消/ }).click();
    await refuse.waitFor({ state: "hidden" });
    await admin.page.getByRole("button", { name: "同意退款" }).click();
    const approve = admin.page.getByRole("dialog").filter({ hasText: "退款金额" });
    await approve.getByLabel("备注").fill("同意退款");
    await expectModalPasses(admin.page, "同意退款");
    await screenshot(admin.page, "refund-admin-approve-1440");
    await approve.getByRole("button", { name: "同意退款" }).click();
    await admin.page.getByText("退款中").first().waitFor();
    await screenshot(admin.page, "refund-admin-1440");

    // WeChat Pay finishes the refund and notifies the shop (signed, encrypted).
    const refund = [...wechat.refunds.values()].find((r) => r.outTradeNo === trade.outTradeNo);
    if (!refund) throw new Error("no refund at the fake WeChat Pay gateway");
    expect(refund.refundFen).toBe(trade.totalFen);
    wechat.settleRefund(refund.outRefundNo, "SUCCESS");
    refund.notifyUrl = `${staff.server.url}/api/wechatpay/refund-notify`;
    expect(await wechat.sendRefundNotify(refund.outRefundNo)).toBe(204);

    await asCustomer(session);
    await page.bringToFront();
    await page.reload({ waitUntil: "networkidle" });
    await card.locator('[data-status="refunded"]').getByText("已退款").waitFor();
    await expect.poll(skuOneStock).toBe(stockBefore);
    await screenshot(page, "refund-done-1440");
    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.page.close();
    await page.close();
  });

  it("files 申请售后 with a photo on a shipped order, a 销售/客服 answers in 售后, the buyer reads the answer", async () => {
    const { session, orderNo, trade } = await paidOrder("售后");

    // The 销售/客服 ships it.
    const admin = await backOffice("refund_sales", `/orders/${orderNo}`);
    await admin.page.getByRole("button", { name: /^发\s?货$/ }).click();
    const ship = admin.page.getByRole("dialog").filter({ hasText: "物流公司" });
    await ship.getByLabel("物流公司").fill("顺丰速运");
    await ship.getByLabel("运单号").fill("SF1234567890");
    await ship.getByRole("button", { name: "确认发货" }).click();
    await admin.page.getByText("已标记发货").waitFor();

    // The buyer files a return with a photo (a tab in the front: a hidden one draws no animation frame).
    await asCustomer(session);
    const { page, errors } = await staff.open("/my-orders");
    await page.bringToFront();
    const card = page.getByTestId("order").filter({ hasText: orderNo });
    await card.getByText("已发货").waitFor();
    expect(await card.getByRole("button", { name: "申请退款" }).count()).toBe(0);
    await card.getByRole("button", { name: "申请售后" }).click();
    const dialog = page.getByRole("dialog", { name: "申请售后" });
    await dialog.getByRole("button", { name: "提交申请" }).click();
    await dialog.getByText("请选择售后原因").waitFor();
    await dialog.getByText("请填写问题描述").waitFor();
    await dialog.getByLabel("售后原因").selectOption({ label: "质量问题" });
    await dialog.getByLabel("问题描述").fill("柜门合页松动，关不严");
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "合页.jpg",
      mimeType: "image/jpeg",
      buffer: await drawnJpeg(page, "柜门合页"),
    });
    const thumbnail = dialog.getByRole("img", { name: "照片 1" });
    await thumbnail.waitFor();
    // The thumbnail is the stored, re-encoded picture (the upload path's answer), and it loads.
    expect(await thumbnail.getAttribute("src")).toMatch(/^\/media\/.+-240\.webp$/);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoSeriousFaults(page, "申请售后 at 1440 px");
    await screenshot(page, "after-sale-dialog-1440");
    await page.setViewportSize(PHONE);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousFaults(page, "申请售后 at 375 px");
    await screenshot(page, "after-sale-dialog-375");
    await dialog.getByRole("button", { name: "提交申请" }).click();
    await dialog.waitFor({ state: "hidden" });
    const request = card.getByTestId("after-sale");
    await request.getByText("退货申请中").waitFor();
    await request.getByText("质量问题：柜门合页松动，关不严").waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });

    // The 销售/客服 answers it in the 售后 list: a look at 拒绝, then 同意 with a note.
    await admin.page.bringToFront();
    await admin.page.goto(`${staff.server.url}/admin/after-sales`, { waitUntil: "networkidle" });
    const row = admin.page.getByRole("row").filter({ hasText: orderNo });
    await row.getByText("质量问题：柜门合页松动，关不严").waitFor();
    const photo = row.getByRole("img", { name: "顾客照片 1" });
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await admin.page.locator(".ant-table .ant-spin-spinning").waitFor({ state: "detached" });
    // The decisions are in view at 1440 px, though the table is wider than the page.
    const decide = row.getByRole("button", { name: /^同\s?意$/ });
    const box = await decide.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1440);
    await screenshot(admin.page, "after-sale-list-1440");
    await row.getByRole("button", { name: /^拒\s?绝$/ }).click();
    const refuse = admin.page.getByRole("dialog").filter({ hasText: "拒绝售后申请（退货）" });
    await refuse.getByRole("button", { name: "确认拒绝" }).click();
    await refuse.getByText("拒绝时请填写原因，顾客会看到").waitFor();
    await expectModalPasses(admin.page, "拒绝售后申请");
    await refuse.getByRole("button", { name: /取\s?消/ }).click();
    await refuse.waitFor({ state: "hidden" });
    await row.getByRole("button", { name: /^同\s?意$/ }).click();
    const approve = admin.page.getByRole("dialog").filter({ hasText: "同意售后申请（退货）" });
    await approve.getByLabel(/退款金额/).waitFor();
    await approve.getByLabel(/处理说明/).fill("请寄回柜门，收到后退款");
    await expectModalPasses(admin.page, "同意售后申请");
    await screenshot(admin.page, "after-sale-approve-1440");
    await approve.getByRole("button", { name: "确认同意" }).click();
    await admin.page.getByText("已同意售后申请").waitFor();
    await row.getByText("请寄回柜门，收到后退款").waitFor();
    await screenshot(admin.page, "after-sale-answered-1440");
    // The approved return's refund went to WeChat Pay.
    await expect
      .poll(() => [...wechat.refunds.values()].filter((r) => r.outTradeNo === trade.outTradeNo).length)
      .toBe(1);
    // On a phone (as e2e/admin-mobile.e2e.ts holds the back office): the list fits, its table scrolls.
    await admin.page.setViewportSize(PHONE);
    await admin.page.reload({ waitUntil: "networkidle" });
    await row.getByText("请寄回柜门，收到后退款").waitFor();
    await admin.page.locator(".ant-table .ant-spin-spinning").waitFor({ state: "detached" });
    const wide = await admin.page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.closest(".ant-table"))
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)
        .slice(0, 5),
    );
    expect(wide).toEqual([]);
    await expectNoHorizontalScroll(admin.page);
    await screenshot(admin.page, "after-sale-list-375");

    // The buyer reads the answer.
    await page.bringToFront();
    await page.reload({ waitUntil: "networkidle" });
    await request.getByText("退货已同意").waitFor();
    await request.getByText("客服说明：请寄回柜门，收到后退款").waitFor();
    expect(await card.getByRole("button", { name: "申请售后" }).count()).toBe(0);
    await screenshot(page, "after-sale-answered-1440");
    await page.setViewportSize(PHONE);
    await expectNoHorizontalScroll(page);
    await request.scrollIntoViewIfNeeded();
    await screenshot(page, "after-sale-answered-375");
    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.page.close();
    await page.close();
  });

  it("shows each difference planted in yesterday's WeChat Pay and Alipay bills on 对账 and exports them", async () => {
    const day = chinaDay(1);
    /** A deposit signed up for and paid yesterday (the provider's pay time, which the shop records). */
    const deposit = async (provider: "wechat" | "alipay", name: string) => {
      // As /decorate-act does: the sign-up (denominate), then the deposit's trade.
      const mobile = freshPhone();
      const signUp = await call(staff.server.url, "/api/customers/denominate", {
        body: { phone: mobile, content: name, consent: true },
      });
      expect(signUp.body.code, signUp.body.message).toBe(1);
      const pre = await call<{ outTradeNo: string }>(
        staff.server.url,
        `/api/alipay/precreate?name=${encodeURIComponent(name)}&mobile=${mobile}&method=${provider}`,
      );
      expect(pre.body.code, pre.body.message).toBe(1);
      const outTradeNo = pre.body.data.outTradeNo;
      if (provider === "wechat") {
        await payAtWechat(outTradeNo, `${day}T10:00:00+08:00`);
      } else {
        alipay.pay(outTradeNo);
        alipay.paidTimes.set(outTradeNo, `${day} 10:00:00`);
        const notify = alipay.notifyFor(outTradeNo, { gmt_payment: `${day} 10:00:00` });
        const res = await fetch(`${staff.server.url}/api/alipay/notify`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
          body: new URLSearchParams(notify).toString(),
        });
        expect(await res.text()).toBe("success");
      }
      return outTradeNo;
    };
    // Per provider, paid yesterday here and there; the bill then leaves one out (对方缺失), says
    // another amount for the second (金额不符), and has a trade the shop never saw (我方缺失).
    const planted = {
      wechat: { leftOut: "", otherAmount: "", unknown: "" },
      alipay: { leftOut: "", otherAmount: "", unknown: "" },
    };
    const matched: string[] = [];
    for (const provider of ["wechat", "alipay"] as const) {
      const bills = provider === "wechat" ? wechat.bills : alipay.bills;
      const p = planted[provider];
      p.leftOut = await deposit(provider, "对账甲");
      p.otherAmount = await deposit(provider, "对账乙");
      matched.push(await deposit(provider, "对账丙"));
      bills.omit(p.leftOut);
      bills.plantAmount(p.otherAmount, 9_800);
      p.unknown = `PEXTRA${provider === "wechat" ? "W" : "A"}${Date.now()}`;
      bills.plantExtra({
        kind: "trade",
        outTradeNo: p.unknown,
        tradeNo: `${provider === "wechat" ? "4200" : "2026"}${Date.now()}`,
        outRefundNo: "",
        amountCents: 12_300,
        time: `${day} 11:00:00`,
      });
    }

    const { page, errors } = await backOffice("refund_boss", "/reconciliation");
    await page.getByRole("heading", { name: "对账" }).waitFor();
    const runs = page.getByRole("region", { name: "每日账单" });
    for (const label of ["微信支付", "支付宝"]) {
      await page.getByLabel("支付方式").first().click();
      await page.locator(`.ant-select-item-option[title="${label}"]`).click();
      const date = page.getByPlaceholder("账单日期", { exact: true });
      await date.click();
      await date.fill(day);
      await date.press("Enter");
      await page.getByRole("button", { name: "重新对账" }).click();
      // The run's row: 已完成, three differences, three open.
      await runs
        .getByRole("row")
        .filter({ hasText: label })
        .filter({ hasText: "已完成" })
        .getByText("3（3）")
        .waitFor();
    }
    await page.getByText("已重新对账，发现 3 条差异").first().waitFor();

    const differences = page.getByRole("region", { name: "差异" });
    const rowOf = (number: string) => page.getByRole("row").filter({ hasText: number });
    for (const [provider, p] of Object.entries(planted)) {
      const label = provider === "wechat" ? "微信支付" : "支付宝";
      await rowOf(p.unknown).filter({ hasText: label }).getByText("我方缺失").waitFor();
      await rowOf(p.leftOut).filter({ hasText: label }).getByText("对方缺失").waitFor();
      await rowOf(p.otherAmount).filter({ hasText: label }).getByText("金额不符").waitFor();
      expect(await rowOf(p.otherAmount).innerText()).toMatch(/¥99\.00[\s\S]*¥98\.00/);
    }
    for (const number of matched) expect(await rowOf(number).count(), number).toBe(0);
    await differences.scrollIntoViewIfNeeded();
    await screenshot(page, "reconciliation-1440");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "导出 Excel" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const folder = mkdtempSync(join(tmpdir(), "yj-reconciliation-"));
    const file = join(folder, download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    rmSync(folder, { recursive: true, force: true });
    const cells = workbook.worksheets
      .flatMap((sheet) => sheet.getSheetValues())
      .flat()
      .map((v) => String(v ?? ""));
    for (const p of Object.values(planted))
      for (const number of [p.unknown, p.leftOut, p.otherAmount]) expect(cells, number).toContain(number);
    await page.getByText(/已导出 \d+ 条差异/).waitFor();

    await page.setViewportSize(PHONE);
    await page.reload({ waitUntil: "networkidle" });
    await rowOf(planted.wechat.unknown).waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, "reconciliation-375");
    expect(errors).toEqual([]);
    await page.close();
  });
});
