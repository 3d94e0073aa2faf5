// WeChat Pay's daily trade bill (docs/decisions/0065): GET /v3/bill/tradebill?bill_date=&bill_type=ALL
// (a signed, verified answer) gives download_url, hash_type SHA1 and hash_value; the file is fetched
// with a signed GET (WeChat Pay does not sign the file: the SDK skips /v3/billdownload/file) and its
// SHA1 must equal hash_value, or the bill is refused. bills.ts reads the CSV.
import { createHash } from "node:crypto";
import type { Wechatpay } from "wechatpay-axios-plugin";
import { BILL_MAX_BYTES, BillFormatError, NoBillError, type ProviderBill, parseWechatTradeBill } from "./bills.js";
import { withPaymentTimeout } from "./payment-provider.js";

/** A refused call's HTTP status and WeChat's code. */
function failure(error: unknown): { status?: number; code?: string; message: string } {
  const e = error as { response?: { status?: number; data?: unknown }; message?: string };
  let data = e.response?.data as { code?: unknown; message?: unknown } | Buffer | string | undefined;
  if (Buffer.isBuffer(data) || typeof data === "string") {
    try {
      data = JSON.parse(data.toString()) as { code?: unknown };
    } catch {
      data = undefined;
    }
  }
  const code = data && typeof data === "object" && typeof data.code === "string" ? data.code : undefined;
  return { status: e.response?.status, code, message: String(e.message ?? error).slice(0, 200) };
}

export async function downloadWechatBill(sdk: Wechatpay, billDate: string, timeoutMs: number): Promise<ProviderBill> {
  let answer: { download_url?: unknown; hash_type?: unknown; hash_value?: unknown };
  try {
    const response = await withPaymentTimeout(
      sdk.chain("v3/bill/tradebill").get({ params: { bill_date: billDate, bill_type: "ALL" } }),
      timeoutMs,
    );
    answer = (response.data ?? {}) as typeof answer;
  } catch (error) {
    const { status, code, message } = failure(error);
    if (code === "NO_STATEMENT_EXIST") throw new NoBillError("微信支付该日无账单");
    throw new Error(`微信支付账单申请失败：${status ?? ""} ${code ?? message}`.trim());
  }
  const url = typeof answer.download_url === "string" ? answer.download_url : "";
  const hash = typeof answer.hash_value === "string" ? answer.hash_value.toLowerCase() : "";
  if (!url || answer.hash_type !== "SHA1" || !/^[0-9a-f]{40}$/.test(hash))
    throw new Error("微信支付未返回账单下载地址或摘要");
  let bytes: Buffer;
  try {
    const target = new URL(url);
    const response = await withPaymentTimeout(
      sdk.chain(target.pathname.replace(/^\//, "")).get({
        params: Object.fromEntries(target.searchParams),
        responseType: "arraybuffer",
        maxContentLength: BILL_MAX_BYTES,
      }),
      Math.max(timeoutMs, 60_000),
    );
    bytes = Buffer.from(response.data as ArrayBuffer);
  } catch (error) {
    const { status, code, message } = failure(error);
    throw new Error(`微信支付账单下载失败：${status ?? ""} ${code ?? message}`.trim());
  }
  const actual = createHash("sha1").update(bytes).digest("hex");
  if (actual !== hash) throw new BillFormatError(`微信支付账单摘要不符（SHA1 应为 ${hash}，实为 ${actual}），已拒绝`);
  return parseWechatTradeBill(bytes.toString("utf8"), billDate);
}
