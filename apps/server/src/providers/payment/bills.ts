// Providers' daily bills in the shop's words (docs/decisions/0065). Alipay's trade bill is a ZIP of
// GBK CSV files, of which the details file (…业务明细.csv) lists every trade and refund between
// `#` comment lines; WeChat Pay's v3 trade bill (bill_type ALL) is UTF-8 CSV whose every field
// starts with a backquote, closed by a summary header and line. Both parsers read columns by their
// header names, never by position, and refuse a file they do not recognise (BillFormatError): a
// bill read wrong would list every trade as a difference.
import { unzipSync } from "fflate";
import iconv from "iconv-lite";
import { yuanToCents } from "./payment-provider.js";

/** One line of a bill: a trade paid, or a refund of one. */
export interface BillEntry {
  kind: "trade" | "refund";
  outTradeNo: string;
  /** The provider's trade number (Alipay 支付宝交易号, WeChat 微信订单号). */
  tradeNo: string;
  /** The shop's refund number (Alipay out_request_no, WeChat out_refund_no); '' for a trade. */
  outRefundNo: string;
  /** Positive cents: what was paid, or what went back. */
  amountCents: number;
  /** A trade in the bill was paid; a refund succeeded, or is still processing / failed (WeChat). */
  state: "paid" | "succeeded" | "processing" | "failed";
  /** When it completed, as the bill says (China time). */
  time: Date | null;
}

export interface ProviderBill {
  provider: "alipay" | "wechat";
  /** YYYY-MM-DD, China time. */
  billDate: string;
  entries: BillEntry[];
}

/** A bill that cannot be read: the run fails with this message rather than guess. */
export class BillFormatError extends Error {}

/** A bill date: "YYYY-MM-DD" that is a real day. */
export function isBillDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/** "2026-11-24 10:05:01" (China time) → instant; null for anything else. */
function chinaTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(`${value.replace(" ", "T")}+08:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** "-12.30" or "12.30" → 1230 (bills write refunds negative); null when not an amount. */
function absoluteCents(value: string | undefined): number | null {
  const text = (value ?? "").trim().replace(/^-/, "");
  return yuanToCents(text);
}

/** Splits one CSV line; quoted fields ("a,b") are kept whole, doubled quotes undone. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === "") {
      quoted = true;
      field = "";
    } else if (c === ",") {
      fields.push(field);
      field = "";
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** Cell lookup by header name. */
function columns(header: string[], wanted: readonly string[], what: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const name of wanted) {
    const index = header.indexOf(name);
    if (index < 0) throw new BillFormatError(`${what}缺少列「${name}」`);
    found.set(name, index);
  }
  return found;
}

// ── Alipay ───────────────────────────────────────────────────────────────────────────────────────

const ALIPAY_COLUMNS = [
  "支付宝交易号",
  "商户订单号",
  "业务类型",
  "完成时间",
  "订单金额（元）",
  "商家实收（元）",
  "退款批次号/请求号",
] as const;

/** Alipay's own header spells 商家实收 in newer bills and 商户实收 in some older ones. */
function normaliseAlipayHeader(name: string): string {
  return name
    .trim()
    .replace(/^\uFEFF/, "")
    .replace("商户实收", "商家实收");
}

/**
 * The details CSV of an Alipay trade bill (already decoded from GBK): `#` lines before and after,
 * then the header row (支付宝交易号, 商户订单号, 业务类型, …), then one row per trade (业务类型 交易)
 * or refund (退款, negative amounts), fields padded with tabs and spaces.
 */
export function parseAlipayDetails(text: string, billDate: string): ProviderBill {
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((line) => !line.startsWith("#") && line.includes("支付宝交易号"));
  if (headerAt < 0) throw new BillFormatError("支付宝账单缺少表头（支付宝交易号）");
  const header = splitCsvLine(lines[headerAt] ?? "").map(normaliseAlipayHeader);
  const at = columns(header, ALIPAY_COLUMNS, "支付宝账单");
  const cell = (row: string[], name: (typeof ALIPAY_COLUMNS)[number]) => (row[at.get(name) ?? -1] ?? "").trim();
  const entries: BillEntry[] = [];
  let ended = false;
  for (let i = headerAt + 1; i < lines.length; i += 1) {
    const line = lines[i] ?? "";
    if (line.startsWith("#")) {
      ended = true;
      break;
    }
    if (line.trim() === "") continue;
    const row = splitCsvLine(line);
    if (row.length !== header.length) throw new BillFormatError(`支付宝账单第 ${i + 1} 行列数不符`);
    const type = cell(row, "业务类型");
    const outTradeNo = cell(row, "商户订单号");
    const amountCents = absoluteCents(cell(row, "订单金额（元）") || cell(row, "商家实收（元）"));
    if (!outTradeNo || amountCents === null) throw new BillFormatError(`支付宝账单第 ${i + 1} 行无法读取`);
    const time = chinaTime(cell(row, "完成时间"));
    if (type === "交易") {
      entries.push({
        kind: "trade",
        outTradeNo,
        tradeNo: cell(row, "支付宝交易号"),
        outRefundNo: "",
        amountCents,
        state: "paid",
        time,
      });
    } else if (type === "退款") {
      entries.push({
        kind: "refund",
        outTradeNo,
        tradeNo: cell(row, "支付宝交易号"),
        outRefundNo: cell(row, "退款批次号/请求号"),
        amountCents,
        state: "succeeded",
        time,
      });
    } else {
      throw new BillFormatError(`支付宝账单第 ${i + 1} 行业务类型未知：${type.slice(0, 20)}`);
    }
  }
  // The footer (#-----业务明细列表结束-----, totals, export time) proves the file is whole.
  if (!ended) throw new BillFormatError("支付宝账单不完整（缺少明细结束行）");
  return { provider: "alipay", billDate, entries };
}

/**
 * Alipay's bill as downloaded: a ZIP holding the details file (name ending 业务明细.csv) and a
 * summary file (业务明细(汇总).csv), both GBK. Names inside the ZIP are GBK too in real bills
 * (no UTF-8 flag), so they are decoded before they are matched.
 */
export function parseAlipayBillZip(zip: Uint8Array, billDate: string): ProviderBill {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      // Details only: a malformed ZIP would otherwise expand every member.
      filter: (file) => file.originalSize < 200 * 1024 * 1024,
    });
  } catch (error) {
    throw new BillFormatError(`支付宝账单不是有效的 ZIP 文件：${(error as Error).message}`);
  }
  const names = Object.keys(files);
  const details = names.find((name) => {
    const decoded = decodeZipName(name);
    return decoded.endsWith("业务明细.csv") && !decoded.includes("汇总");
  });
  if (!details) throw new BillFormatError("支付宝账单 ZIP 中没有业务明细文件");
  const text = iconv.decode(Buffer.from(files[details] ?? new Uint8Array()), "gbk");
  return parseAlipayDetails(text, billDate);
}

/** fflate reads names as UTF-8 unless flagged otherwise; a GBK name comes back as latin1-ish text. */
function decodeZipName(name: string): string {
  if (/[\u4e00-\u9fff]/.test(name)) return name;
  const bytes = Buffer.from(name, "latin1");
  return iconv.decode(bytes, "gbk");
}

// ── WeChat Pay ───────────────────────────────────────────────────────────────────────────────────

const WECHAT_COLUMNS = [
  "交易时间",
  "微信订单号",
  "商户订单号",
  "交易状态",
  "应结订单金额",
  "订单金额",
  "商户退款单号",
  "退款金额",
  "申请退款金额",
  "退款状态",
] as const;

const WECHAT_REFUND_STATES = new Map<string, BillEntry["state"]>([
  ["SUCCESS", "succeeded"],
  ["PROCESSING", "processing"],
  ["FAIL", "failed"],
  ["FAILED", "failed"],
  ["CHANGE", "failed"],
  ["ABNORMAL", "failed"],
]);

/** A WeChat bill field: a leading backquote (so spreadsheets keep long numbers as text) removed. */
function unquote(field: string): string {
  return field.trim().replace(/^`/, "");
}

/**
 * A WeChat bill line's fields. Every data field starts with a backquote, so a line splits on
 * ",`" (a product name may hold a comma); the header lines have no backquotes and split on commas.
 */
function wechatFields(line: string): string[] {
  return line.startsWith("`") ? line.slice(1).split(",`") : line.split(",");
}

/**
 * WeChat Pay's trade bill (bill_type ALL): the header line (交易时间,公众账号ID,商户号,…), one
 * line per trade (交易状态 SUCCESS) or refund (REFUND, with 商户退款单号, 退款金额 and 退款状态),
 * every field prefixed with a backquote; then the summary header (总交易单数,…) and its line. The
 * summary's count of lines must match, or the file is refused as cut short.
 */
export function parseWechatTradeBill(text: string, billDate: string): ProviderBill {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "");
  const header = wechatFields(lines[0] ?? "").map(unquote);
  if (header[0] !== "交易时间") throw new BillFormatError("微信支付账单缺少表头（交易时间）");
  const at = columns(header, WECHAT_COLUMNS, "微信支付账单");
  const cell = (row: string[], name: (typeof WECHAT_COLUMNS)[number]) => unquote(row[at.get(name) ?? -1] ?? "");
  const summaryAt = lines.findIndex((line) => unquote(line).startsWith("总交易单数"));
  if (summaryAt < 1 || !lines[summaryAt + 1]) throw new BillFormatError("微信支付账单不完整（缺少汇总行）");
  const entries: BillEntry[] = [];
  for (let i = 1; i < summaryAt; i += 1) {
    const line = lines[i] ?? "";
    if (!line.startsWith("`")) throw new BillFormatError(`微信支付账单第 ${i + 1} 行无法读取`);
    const row = wechatFields(line);
    if (row.length !== header.length) throw new BillFormatError(`微信支付账单第 ${i + 1} 行列数不符`);
    const state = cell(row, "交易状态");
    const outTradeNo = cell(row, "商户订单号");
    const time = chinaTime(cell(row, "交易时间"));
    if (!outTradeNo) throw new BillFormatError(`微信支付账单第 ${i + 1} 行缺少商户订单号`);
    if (state === "REFUND") {
      const amountCents = absoluteCents(cell(row, "申请退款金额")) ?? absoluteCents(cell(row, "退款金额"));
      const refundState = WECHAT_REFUND_STATES.get(cell(row, "退款状态"));
      if (amountCents === null || !refundState || !cell(row, "商户退款单号"))
        throw new BillFormatError(`微信支付账单第 ${i + 1} 行退款无法读取`);
      entries.push({
        kind: "refund",
        outTradeNo,
        tradeNo: cell(row, "微信订单号"),
        outRefundNo: cell(row, "商户退款单号"),
        amountCents,
        state: refundState,
        time,
      });
    } else if (state === "SUCCESS") {
      const amountCents = absoluteCents(cell(row, "订单金额")) ?? absoluteCents(cell(row, "应结订单金额"));
      if (amountCents === null) throw new BillFormatError(`微信支付账单第 ${i + 1} 行金额无法读取`);
      entries.push({
        kind: "trade",
        outTradeNo,
        tradeNo: cell(row, "微信订单号"),
        outRefundNo: "",
        amountCents,
        state: "paid",
        time,
      });
    } else {
    }
  }
  const summaryHeader = wechatFields(lines[summaryAt] ?? "").map(unquote);
  const summary = wechatFields(lines[summaryAt + 1] ?? "").map(unquote);
  const total = Number(summary[summaryHeader.indexOf("总交易单数")]);
  if (!Number.isInteger(total) || total !== summaryAt - 1)
    throw new BillFormatError(`微信支付账单汇总笔数（${summary[0] ?? ""}）与明细行数（${summaryAt - 1}）不符`);
  return { provider: "wechat", billDate, entries };
}

/** The provider has no bill for that day (Alipay isp.bill_not_exist, WeChat NO_STATEMENT_EXIST). */
export class NoBillError extends Error {}

/** A bill download's deadline: bills are bigger than an API answer. */
export const BILL_DOWNLOAD_TIMEOUT_MS = 60_000;

/** At most this much is read from a download URL (a bill of ~200k lines). */
export const BILL_MAX_BYTES = 64 * 1024 * 1024;

/** GETs a bill file (Alipay's download URL needs no signature: it carries its own token). */
export async function fetchBillFile(url: string, timeoutMs = BILL_DOWNLOAD_TIMEOUT_MS): Promise<Uint8Array> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "follow" });
  if (!res.ok) {
    await res.arrayBuffer().catch(() => undefined);
    throw new Error(`账单下载失败（HTTP ${res.status}）`);
  }
  const length = Number(res.headers.get("content-length") ?? 0);
  if (length > BILL_MAX_BYTES) throw new BillFormatError("账单文件过大");
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > BILL_MAX_BYTES) throw new BillFormatError("账单文件过大");
  return bytes;
}
