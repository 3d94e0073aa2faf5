// The lead export as an Excel workbook (exceljs): one sheet, Chinese headers, China-time dates.
import { LEAD_KIND_LABELS, LEAD_STATE_LABELS, type LeadState, sourceLabel } from "@yj/contract";
import ExcelJS from "exceljs";
import type { leads } from "../../db/schema.js";

type LeadRecord = typeof leads.$inferSelect;

/** "2026-11-23 14:05" in China time. */
function chinaTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace("T", " ");
}

export async function buildLeadWorkbook(
  rows: { lead: LeadRecord; assigneeName: string | null }[],
  now: Date,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "悦家整装后台";
  workbook.created = now;
  const sheet = workbook.addWorksheet("线索");
  sheet.columns = [
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
  ];
  sheet.getRow(1).font = { bold: true };
  for (const { lead, assigneeName } of rows) {
    sheet.addRow({
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
      createdAt: chinaTime(lead.createdAt),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
