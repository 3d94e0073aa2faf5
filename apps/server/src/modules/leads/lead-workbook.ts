// The lead export as an Excel workbook: one sheet, Chinese headers, China-time dates.
import { LEAD_KIND_LABELS, LEAD_STATE_LABELS, type LeadState, sourceLabel } from "@yj/contract";
import type { leads } from "../../db/schema.js";
import { chinaMinute } from "../../lib/china-time.js";
import { oneSheetWorkbook } from "../../lib/workbook.js";

type LeadRecord = typeof leads.$inferSelect;

export async function buildLeadWorkbook(
  rows: { lead: LeadRecord; assigneeName: string | null }[],
  now: Date,
): Promise<Buffer> {
  return oneSheetWorkbook({
    sheet: "线索",
    now,
    columns: [
      { header: "编号", key: "id", width: 8 },
      { header: "类型", key: "kind", width: 10 },
      { header: "状态", key: "state", width: 8 },
      { header: "姓名", key: "name", width: 12 },
      { header: "手机号", key: "phone", width: 14 },
      { header: "省份", key: "province", width: 10 },
      { header: "城市", key: "city", width: 10 },
      { header: "来源", key: "origin", width: 24 },
      { header: "提交次数", key: "submissions", width: 8 },
      // The optional consent to be called about offers (docs/decisions/0077): 同意 with its time, or 未同意.
      { header: "同意优惠回访", key: "marketingConsent", width: 22 },
      { header: "跟进人", key: "assignee", width: 10 },
      { header: "提交时间", key: "createdAt", width: 18 },
    ],
    rows: rows.map(({ lead, assigneeName }) => ({
      id: lead.id,
      kind: LEAD_KIND_LABELS[lead.kind],
      state: LEAD_STATE_LABELS[lead.state as LeadState] ?? lead.state,
      name: lead.name,
      phone: lead.phone,
      province: lead.province,
      city: lead.city,
      // Pages by their Chinese names, as the list shows them (docs/decisions/0052).
      origin: sourceLabel(lead.origin),
      submissions: lead.submissions,
      marketingConsent:
        lead.marketingConsent && lead.marketingConsentAt ? `同意（${chinaMinute(lead.marketingConsentAt)}）` : "未同意",
      assignee: assigneeName ?? "",
      createdAt: chinaMinute(lead.createdAt),
    })),
  });
}
