// Alipay's daily trade bill (docs/decisions/0065): alipay.data.dataservice.bill.downloadurl.query
// (bill_type "trade", bill_date YYYY-MM-DD) answers a short-lived bill_download_url; the file there
// is a ZIP of GBK CSV files, read by bills.ts. A day Alipay has no bill for is NoBillError; any other
// refusal or failure throws with a reason the run keeps (never a key).
import type { AlipaySdk } from "alipay-sdk";
import {
  BILL_DOWNLOAD_TIMEOUT_MS,
  fetchBillFile,
  NoBillError,
  type ProviderBill,
  parseAlipayBillZip,
} from "./bills.js";
import { withPaymentTimeout } from "./payment-provider.js";

export const ALIPAY_BILL_METHOD = "alipay.data.dataservice.bill.downloadurl.query";

export async function downloadAlipayBill(sdk: AlipaySdk, billDate: string, timeoutMs: number): Promise<ProviderBill> {
  let result: Record<string, unknown>;
  try {
    result = (await withPaymentTimeout(
      sdk.exec(ALIPAY_BILL_METHOD, { bizContent: { bill_type: "trade", bill_date: billDate } }, { validateSign: true }),
      timeoutMs,
    )) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`支付宝账单地址查询失败：${String((error as Error).message).slice(0, 200)}`);
  }
  if (result.code !== "10000") {
    if (result.subCode === "isp.bill_not_exist") throw new NoBillError("支付宝该日无账单");
    throw new Error(
      `支付宝账单地址查询被拒绝：${String(result.subCode ?? result.code)} ${String(result.subMsg ?? "")}`,
    );
  }
  const url = typeof result.billDownloadUrl === "string" ? result.billDownloadUrl : "";
  if (!/^https?:\/\//.test(url)) throw new Error("支付宝未返回账单下载地址");
  const zip = await fetchBillFile(url, Math.max(timeoutMs, BILL_DOWNLOAD_TIMEOUT_MS));
  return parseAlipayBillZip(zip, billDate);
}
