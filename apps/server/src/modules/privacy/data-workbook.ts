// A customer's data as an Excel workbook (exceljs, as the back office's exports): one sheet per kind
// of data, a bold row of Chinese headers, the same rows as the JSON export.
import type { DataSection } from "@yj/contract";
import { newWorkbook } from "../../lib/workbook.js";

/** Excel's sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (title: string) => title.replace(/[:\\/?*[\]]/g, " ").slice(0, 31);

export async function dataWorkbook(sections: DataSection[], now: Date): Promise<Buffer> {
  const workbook = await newWorkbook("悦家整装", now);
  for (const section of sections) {
    const sheet = workbook.addWorksheet(sheetName(section.title));
    sheet.columns = section.columns.map((c) => ({
      header: c.header,
      key: c.key,
      width: Math.max(10, c.header.length * 2 + 4),
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of section.rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
