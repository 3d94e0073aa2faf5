// Which channel a trade is paid through (docs/decisions/0066): the server decides from the method,
// the User-Agent and the page's own word. The page may say it is on a phone (`client=phone`), but a
// phone channel needs the User-Agent to agree: a desktop browser cannot open WeChat H5 or Alipay's
// mobile-site pay usefully, and a client that says nothing (every client before 0066) gets the
// QR code it understands. Inside WeChat's browser WeChat Pay is JSAPI (H5 is refused there by
// WeChat), and Alipay is not usable at all (WeChat blocks Alipay's pages).
import type { PayChannel, PaymentProviderName } from "../../providers/payment/payment-provider.js";

/** WeChat's built-in browser (phone and desktop WeChat alike) says MicroMessenger. */
export function inWechat(userAgent: string | undefined): boolean {
  return /MicroMessenger/i.test(userAgent ?? "");
}

/** A phone's browser: iOS, Android, HarmonyOS and the generic "Mobile" token (not iPad desktop mode). */
export function phoneUserAgent(userAgent: string | undefined): boolean {
  return /iPhone|iPod|Android|HarmonyOS|OpenHarmony|Mobile|MQQBrowser|UCBrowser/i.test(userAgent ?? "");
}

/** No trade is made: Alipay inside WeChat's browser. */
export type ChannelChoice = PayChannel | "unavailable";

export interface ChannelOptions {
  /** The page says it is on a phone (PrecreateQuery.client). */
  clientSaysPhone: boolean;
  /** The phone channels the method's provider runs (WeChat: h5 and, with OAuth configured, jsapi). */
  available: ReadonlySet<Exclude<PayChannel, "qr">>;
}

export function payChannel(
  userAgent: string | undefined,
  method: PaymentProviderName,
  { clientSaysPhone, available }: ChannelOptions,
): ChannelChoice {
  if (method === "offline" || !clientSaysPhone) return "qr";
  if (inWechat(userAgent)) {
    if (method === "alipay") return "unavailable";
    // Without JSAPI (no OAuth secret) the code stays: a long press scans it inside WeChat.
    return available.has("jsapi") ? "jsapi" : "qr";
  }
  if (!phoneUserAgent(userAgent)) return "qr";
  const wanted = method === "wechat" ? "h5" : "wap";
  return available.has(wanted) ? wanted : "qr";
}
