// Bills in the providers' real formats, written by the fake gateways (docs/decisions/0065) and by
// the parser tests: Alipay's ZIP of GBK CSV files (details and summary, `#` comment lines, fields
// padded with tabs, refunds negative) and WeChat Pay's backquoted CSV with its summary lines.
import { createHash } from "node:crypto";
import { zipSync } from "fflate";
import iconv from "iconv-lite";
import { centsToYuan } from "./payment-provider.js";

/** A line the fake writes into a bill. */
export interface FakeBillLine {
  kind: "trade" | "refund";
  outTradeNo: string;
  tradeNo: string;
  /** '' for a trade. */
  outRefundNo: string;
  amountCents: number;
  /** China time, "YYYY-MM-DD HH:mm:ss". */
  time: string;
  subject?: string;
  /** WeChat refunds: SUCCESS (default), PROCESSING… */
  refundStatus?: string;
}

/** "YYYY-MM-DD HH:mm:ss" in China time. */
export function chinaClock(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
}

const ALIPAY_HEADER = [
  "支付宝交易号",
  "商户订单号",
  "业务类型",
  "商品名称",
  "创建时间",
  "完成时间",
  "门店编号",
  "门店名称",
  "操作员",
  "终端号",
  "对方账户",
  "订单金额（元）",
  "商家实收（元）",
  "支付宝红包（元）",
  "集分宝（元）",
  "支付宝优惠（元）",
  "商家优惠（元）",
  "券核销金额（元）",
  "券名称",
  "商家红包消费金额（元）",
  "卡消费金额（元）",
  "退款批次号/请求号",
  "服务费（元）",
  "分润（元）",
  "备注",
];

/** The details file's text, as Alipay writes it (before GBK encoding). */
export function alipayDetailsCsv(lines: FakeBillLine[], billDate: string, account = "20880000000000000156"): string {
  const [y, m, d] = billDate.split("-");
  const next = new Date(new Date(`${billDate}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
  const [ny, nm, nd] = next.split("-");
  const yuan = (cents: number, negative: boolean) => `${negative ? "-" : ""}${centsToYuan(cents)}`;
  const rows = lines.map((line) => {
    const refund = line.kind === "refund";
    const cells = [
      line.tradeNo,
      line.outTradeNo,
      refund ? "退款" : "交易",
      line.subject ?? "悦家整装订单",
      line.time,
      line.time,
      "",
      "",
      "",
      "",
      "159****5620",
      yuan(line.amountCents, refund),
      yuan(line.amountCents, refund),
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "",
      "0.00",
      "0.00",
      refund ? line.outRefundNo : "",
      "0.00",
      "0.00",
      "",
    ];
    // Alipay pads every field with a tab so spreadsheets keep long numbers as text; a field with a
    // comma or a quote is quoted, as CSV does.
    return cells.map((c) => (/[",]/.test(c) ? `"${c.replaceAll('"', '""')}\t"` : `${c}\t`)).join(",");
  });
  const trades = lines.filter((l) => l.kind === "trade");
  const refunds = lines.filter((l) => l.kind === "refund");
  const sum = (ls: FakeBillLine[]) => centsToYuan(ls.reduce((s, l) => s + l.amountCents, 0));
  return [
    "#支付宝业务明细查询",
    `#账号：[${account}]`,
    `#起始日期：[${y}年${m}月${d}日 00:00:00]   终止日期：[${ny}年${nm}月${nd}日 00:00:00]`,
    "#-----------------------------------------业务明细列表----------------------------------------",
    ALIPAY_HEADER.join(","),
    ...rows,
    "#-----------------------------------------业务明细列表结束------------------------------------",
    `#交易合计：${trades.length}笔，商家实收共${sum(trades)}元，商家优惠共0.00元`,
    `#退款合计：${refunds.length}笔，商家实收退款共-${sum(refunds)}元，商家优惠退款共0.00元`,
    `#导出时间：[${ny}年${nm}月${nd}日 06:27:10]`,
    "",
  ].join("\r\n");
}

/** The bill as Alipay's download URL serves it: a ZIP of the details and summary files, GBK. */
export function alipayBillZip(lines: FakeBillLine[], billDate: string, account = "20880000000000000156"): Uint8Array {
  const stamp = billDate.replaceAll("-", "");
  const summary = [
    "#支付宝业务汇总查询",
    `#账号：[${account}]`,
    "#-----------------------------------------业务汇总列表----------------------------------------",
    "门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）",
    `合计,,${lines.filter((l) => l.kind === "trade").length},${lines.filter((l) => l.kind === "refund").length},,`,
    "#-----------------------------------------业务汇总列表结束------------------------------------",
    "",
  ].join("\r\n");
  return zipSync({
    [`${account}_${stamp}_业务明细.csv`]: iconv.encode(alipayDetailsCsv(lines, billDate, account), "gbk"),
    [`${account}_${stamp}_业务明细(汇总).csv`]: iconv.encode(summary, "gbk"),
  });
}

const WECHAT_HEADER = [
  "交易时间",
  "公众账号ID",
  "商户号",
  "特约商户号",
  "设备号",
  "微信订单号",
  "商户订单号",
  "用户标识",
  "交易类型",
  "交易状态",
  "付款银行",
  "货币种类",
  "应结订单金额",
  "代金券金额",
  "微信退款单号",
  "商户退款单号",
  "退款金额",
  "充值券退款金额",
  "退款类型",
  "退款状态",
  "商品名称",
  "商户数据包",
  "手续费",
  "费率",
  "订单金额",
  "申请退款金额",
  "费率备注",
];

/** WeChat Pay's trade bill (bill_type ALL) as its download URL serves it. */
export function wechatTradeBillCsv(lines: FakeBillLine[], appid: string, mchid: string): string {
  const yuan = (cents: number) => centsToYuan(cents);
  const rows = lines.map((line) => {
    const refund = line.kind === "refund";
    const cells = [
      line.time,
      appid,
      mchid,
      "0",
      "",
      line.tradeNo,
      line.outTradeNo,
      "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o",
      "NATIVE",
      refund ? "REFUND" : "SUCCESS",
      "OTHERS",
      "CNY",
      refund ? "0.00" : yuan(line.amountCents),
      "0.00",
      refund ? `50300${line.outRefundNo.slice(-10)}` : "0",
      refund ? line.outRefundNo : "0",
      refund ? yuan(line.amountCents) : "0.00",
      "0.00",
      refund ? "ORIGINAL" : "",
      refund ? (line.refundStatus ?? "SUCCESS") : "",
      line.subject ?? "悦家整装订单",
      "",
      "0.00000",
      "0.60%",
      refund ? "0.00" : yuan(line.amountCents),
      refund ? yuan(line.amountCents) : "0.00",
      "",
    ];
    return cells.map((c) => `\`${c}`).join(",");
  });
  const trades = lines.filter((l) => l.kind === "trade");
  const refunds = lines.filter((l) => l.kind === "refund");
  const sum = (ls: FakeBillLine[]) => centsToYuan(ls.reduce((s, l) => s + l.amountCents, 0));
  return [
    WECHAT_HEADER.join(","),
    ...rows,
    "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额",
    [lines.length, sum(trades), sum(refunds), "0.00", "0.00000", sum(trades), sum(refunds)]
      .map((c) => `\`${c}`)
      .join(","),
    "",
  ].join("\r\n");
}

/** WeChat's hash_value of a bill file: SHA1, hex, lower case. */
export function sha1Hex(content: string | Uint8Array): string {
  return createHash("sha1").update(content).digest("hex");
}

/**
 * What a fake gateway puts in its bills: the trades it holds (given by the gateway), the refunds it
 * made, and the test hooks that plant a difference of each kind: a line the shop does not have
 * (`plantExtra`), a line left out (`omit`), an amount that differs (`plantAmount`); and, for WeChat,
 * a hash that does not match the file (`corruptHash`).
 */
export class FakeBillBook {
  /** Refunds the fake settled (a refund endpoint, or a test, adds them). */
  readonly refunds: FakeBillLine[] = [];
  /** Lines the bill has and the shop does not. */
  readonly extra: FakeBillLine[] = [];
  /** out_trade_no (a trade) or out_refund_no (a refund) left out of the bill. */
  readonly omitted = new Set<string>();
  /** out_trade_no or out_refund_no → the amount the bill says instead. */
  readonly amounts = new Map<string, number>();
  /** WeChat: the hash_value answered is not the file's. */
  corruptHash = false;

  plantExtra(line: FakeBillLine) {
    this.extra.push(line);
  }

  omit(number: string) {
    this.omitted.add(number);
  }

  plantAmount(number: string, amountCents: number) {
    this.amounts.set(number, amountCents);
  }

  reset() {
    this.refunds.length = 0;
    this.extra.length = 0;
    this.omitted.clear();
    this.amounts.clear();
    this.corruptHash = false;
  }

  /** The bill's lines for a China day: the trades and refunds of that day, with the planted changes. */
  lines(trades: FakeBillLine[], billDate: string): FakeBillLine[] {
    const numberOf = (l: FakeBillLine) => (l.kind === "refund" ? l.outRefundNo : l.outTradeNo);
    return [...trades, ...this.refunds, ...this.extra]
      .filter((l) => l.time.startsWith(billDate) && !this.omitted.has(numberOf(l)))
      .map((l) => ({ ...l, amountCents: this.amounts.get(numberOf(l)) ?? l.amountCents }));
  }
}
