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
      assignee: assigneeName ?? "",
      createdAt: chinaMinute(lead.createdAt),
    })),
  });
}
