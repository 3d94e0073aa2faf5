// The bill parsers against files in the providers' formats (docs/decisions/0065): Alipay's ZIP of
// GBK CSV files with `#` lines and tab-padded fields, WeChat Pay's backquoted CSV with its summary;
// and files they must refuse rather than misread.
import { strToU8, zipSync } from "fflate";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { BillFormatError, isBillDate, parseAlipayBillZip, parseAlipayDetails, parseWechatTradeBill } from "./bills.js";
import { alipayBillZip, alipayDetailsCsv, type FakeBillLine, wechatTradeBillCsv } from "./fake-bills.js";

const DAY = "2026-11-24";
const LINES: FakeBillLine[] = [
  {
    kind: "trade",
    outTradeNo: "P20261124020501aaaaaaaaaaaaaaaa",
    tradeNo: "2026112422001400000000000001",
    outRefundNo: "",
    amountCents: 12_345,
    time: "2026-11-24 10:05:01",
    subject: "悦家整装订单 A1",
  },
  {
    kind: "trade",
    outTradeNo: "P20261124020502bbbbbbbbbbbbbbbb",
    tradeNo: "2026112422001400000000000002",
    outRefundNo: "",
    amountCents: 5,
    time: "2026-11-24 23:59:59",
    // A comma inside a field: quoted by the writer, kept whole by the reader.
    subject: '活动定金, "秋季"',
  },
  {
    kind: "refund",
    outTradeNo: "P20261124020501aaaaaaaaaaaaaaaa",
    tradeNo: "2026112422001400000000000001",
    outRefundNo: "R20261124aaaa0001",
    amountCents: 2_000,
    time: "2026-11-24 12:00:00",
  },
];

describe("Alipay trade bill (ZIP of GBK CSV)", () => {
  it("reads every trade and refund in the shop's words, amounts in cents, times in China time", () => {
    const bill = parseAlipayBillZip(alipayBillZip(LINES, DAY), DAY);
    expect(bill).toEqual({
      provider: "alipay",
      billDate: DAY,
      entries: [
        {
          kind: "trade",
          outTradeNo: "P20261124020501aaaaaaaaaaaaaaaa",
          tradeNo: "2026112422001400000000000001",
          outRefundNo: "",
          amountCents: 12_345,
          state: "paid",
          time: new Date("2026-11-24T02:05:01Z"),
        },
        {
          kind: "trade",
          outTradeNo: "P20261124020502bbbbbbbbbbbbbbbb",
          tradeNo: "2026112422001400000000000002",
          outRefundNo: "",
          amountCents: 5,
          state: "paid",
          time: new Date("2026-11-24T15:59:59Z"),
        },
        {
          kind: "refund",
          outTradeNo: "P20261124020501aaaaaaaaaaaaaaaa",
          tradeNo: "2026112422001400000000000001",
          outRefundNo: "R20261124aaaa0001",
          amountCents: 2_000,
          state: "succeeded",
          time: new Date("2026-11-24T04:00:00Z"),
        },
      ],
    });
  });

  it("the file really is GBK: its bytes are not UTF-8, and read as UTF-8 they fail", () => {
    const gbk = iconv.encode(alipayDetailsCsv(LINES, DAY), "gbk");
    expect(gbk.includes(Buffer.from("业务明细", "utf8"))).toBe(false);
    expect(gbk.includes(iconv.encode("业务明细", "gbk"))).toBe(true);
    const misread = zipSync({
      "2088_20261124_业务明细.csv": new Uint8Array(Buffer.from(gbk.toString("utf8"), "utf8")),
    });
    expect(() => parseAlipayBillZip(misread, DAY)).toThrow(BillFormatError);
  });

  it("finds the details file by a GBK name, as Alipay's ZIP stores it (no UTF-8 flag)", () => {
    const details = iconv.encode(alipayDetailsCsv(LINES, DAY), "gbk");
    // fflate reads a name without the UTF-8 flag as latin1: write the GBK bytes that way.
    const gbkName = iconv.encode("20880000000000000156_20261124_业务明细.csv", "gbk").toString("latin1");
    const zip = zipSync({ [gbkName]: details, "readme.txt": strToU8("x") });
    expect(parseAlipayBillZip(zip, DAY).entries).toHaveLength(3);
  });

  it("an empty day (header, no rows, footer) is an empty bill", () => {
    expect(parseAlipayBillZip(alipayBillZip([], DAY), DAY).entries).toEqual([]);
  });

  it("refuses what it cannot read, never guessing", () => {
    const text = alipayDetailsCsv(LINES, DAY);
    const zipOf = (csv: string) => zipSync({ "a_20261124_业务明细.csv": iconv.encode(csv, "gbk") });
    // Not a ZIP at all (an HTML error page).
    expect(() => parseAlipayBillZip(strToU8("<html>error</html>"), DAY)).toThrow(/不是有效的 ZIP/);
    // A ZIP without the details file.
    expect(() => parseAlipayBillZip(zipSync({ "a_业务明细(汇总).csv": strToU8("#") }), DAY)).toThrow(/没有业务明细/);
    // Cut short: no end line.
    const cut = text.split("\r\n").slice(0, 6).join("\r\n");
    expect(() => parseAlipayBillZip(zipOf(cut), DAY)).toThrow(/不完整/);
    // A column missing from the header.
    expect(() => parseAlipayDetails(text.replace("商户订单号", "订单号"), DAY)).toThrow(/缺少列「商户订单号」/);
    // No header at all.
    expect(() => parseAlipayDetails("#支付宝业务明细查询\r\n#导出时间", DAY)).toThrow(/缺少表头/);
    // An amount that is not one.
    expect(() => parseAlipayDetails(text.replace("123.45\t", "12x.45\t"), DAY)).toThrow(/无法读取/);
    // A business type it does not know.
    expect(() => parseAlipayDetails(text.replace("交易\t", "转账\t"), DAY)).toThrow(/业务类型未知/);
  });
});

describe("WeChat Pay trade bill (backquoted CSV with summary)", () => {
  const appid = "wxd678efh567hg6787";
  const mchid = "1900000109";

  it("reads trades and refunds, every field's backquote removed", () => {
    const text = wechatTradeBillCsv(LINES, appid, mchid);
    expect(text.split("\r\n")[1]?.startsWith("`2026-11-24 10:05:01,`wxd678efh567hg6787,`1900000109")).toBe(true);
    const bill = parseWechatTradeBill(text, DAY);
    expect(bill.provider).toBe("wechat");
    expect(bill.entries.map((e) => [e.kind, e.outTradeNo, e.outRefundNo, e.amountCents, e.state])).toEqual([
      ["trade", "P20261124020501aaaaaaaaaaaaaaaa", "", 12_345, "paid"],
      ["trade", "P20261124020502bbbbbbbbbbbbbbbb", "", 5, "paid"],
      ["refund", "P20261124020501aaaaaaaaaaaaaaaa", "R20261124aaaa0001", 2_000, "succeeded"],
    ]);
    expect(bill.entries[0]?.time).toEqual(new Date("2026-11-24T02:05:01Z"));
    expect(bill.entries[0]?.tradeNo).toBe("2026112422001400000000000001");
  });

  it("a refund still processing at WeChat says so", () => {
    const lines = [{ ...LINES[2], refundStatus: "PROCESSING" } as FakeBillLine];
    expect(parseWechatTradeBill(wechatTradeBillCsv(lines, appid, mchid), DAY).entries[0]?.state).toBe("processing");
  });

  it("refuses a file cut short, a summary that does not add up, a row of the wrong shape", () => {
    const text = wechatTradeBillCsv(LINES, appid, mchid);
    const lines = text.split("\r\n");
    // No summary: the file was cut.
    expect(() => parseWechatTradeBill(lines.slice(0, 3).join("\r\n"), DAY)).toThrow(/缺少汇总行/);
    // A detail line dropped, the summary still counting three.
    expect(() => parseWechatTradeBill([lines[0], lines[1], ...lines.slice(3)].join("\r\n"), DAY)).toThrow(/汇总笔数/);
    // A row with a field missing.
    const short = [lines[0], lines[1]?.replace(",`0.60%", ""), ...lines.slice(2)].join("\r\n");
    expect(() => parseWechatTradeBill(short, DAY)).toThrow(/列数不符/);
    // Not a bill (an error page or JSON).
    expect(() => parseWechatTradeBill('{"code":"SYSTEM_ERROR"}', DAY)).toThrow(/缺少表头/);
    // A header without a needed column.
    expect(() => parseWechatTradeBill(text.replace("商户退款单号", "退款单号"), DAY)).toThrow(/缺少列/);
    // A refund whose state is unknown.
    const odd = wechatTradeBillCsv([{ ...LINES[2], refundStatus: "WHATEVER" } as FakeBillLine], appid, mchid);
    expect(() => parseWechatTradeBill(odd, DAY)).toThrow(/退款无法读取/);
  });

  it("bill dates are real days", () => {
    expect(isBillDate("2026-11-24")).toBe(true);
    expect(isBillDate("2026-02-30")).toBe(false);
    expect(isBillDate("20261124")).toBe(false);
  });
});
