// The back office's Excel exports (exceljs): one sheet, a bold row of Chinese headers, one row per
// record. Each export names its columns and maps its records; this is the rest, once.
import ExcelJS from "exceljs";

export interface WorkbookColumn {
  header: string;
  key: string;
  width: number;
}

export async function oneSheetWorkbook(options: {
  sheet: string;
  columns: WorkbookColumn[];
  rows: Record<string, string | number>[];
  now: Date;
}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "悦家整装后台";
  workbook.created = options.now;
  const sheet = workbook.addWorksheet(options.sheet);
  sheet.columns = options.columns;
  sheet.getRow(1).font = { bold: true };
  for (const row of options.rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
