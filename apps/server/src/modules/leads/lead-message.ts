// The staff's notification of a lead (R17): kind in Chinese, masked phone, city, source page by name, time and a
// back-office link. Visitor text is flattened so it cannot add Markdown links or headings.
import { LEAD_KIND_LABELS, maskPhone, sourceLabel } from "@yj/contract";
import type { Notification } from "../../providers/notify/notifier.js";
import type { LeadRow } from "./outbox-store.js";

const TIME_FORMAT = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** One line of plain text: no control characters, no Markdown syntax, at most 60 characters. */
export function plainText(text: string): string {
  const flat = text
    .replace(/\p{Cc}+/gu, " ")
    .replace(/[[\]()<>*_`#>!|~\\]/g, "")
    .trim();
  return maskPhone(flat.length > 60 ? `${flat.slice(0, 60)}…` : flat);
}

export function leadMessage(lead: LeadRow, event: "created" | "updated", adminBaseUrl: string): Notification {
  const kind = LEAD_KIND_LABELS[lead.kind];
  const title = event === "created" ? `新线索：${kind}` : `线索更新：${kind}`;
  const place = plainText([lead.province, lead.city].filter(Boolean).join(" ")) || "未填写";
  const lines = [
    `### ${title}`,
    `> 手机：${maskPhone(lead.phone)}`,
    `> 城市：${place}`,
    // Pages by their Chinese names (docs/decisions/0052), also for leads stored with a raw path.
    `> 来源：${plainText(sourceLabel(lead.origin)) || "未注明"}`,
    `> 时间：${TIME_FORMAT.format(lead.updatedAt)}（北京时间）`,
  ];
  if (lead.submissions > 1) lines.push(`> 24 小时内第 ${lead.submissions} 次提交`);
  if (!lead.consent) lines.push("> 未勾选隐私政策同意");
  lines.push("", `[在后台查看](${adminBaseUrl}/admin/leads/${lead.id})`);
  return { title, markdown: lines.join("\n") };
}
