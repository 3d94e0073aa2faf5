// The back office's Excel exports (exceljs): one sheet, a bold row of Chinese headers, one row per
// record. Each export names its columns and maps its records; this is the rest, once.
import type ExcelJS from "exceljs";

/**
 * exceljs and what it pulls in (some 700 CommonJS modules, ~0.5 s of CPU) load at the first export,
 * not at every start of every instance (docs/decisions/0095).
 */
export async function newWorkbook(creator: string, created: Date): Promise<ExcelJS.Workbook> {
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  workbook.creator = creator;
  workbook.created = created;
  return workbook;
}

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
  const workbook = await newWorkbook("悦家整装后台", options.now);
  const sheet = workbook.addWorksheet(options.sheet);
  sheet.columns = options.columns;
  sheet.getRow(1).font = { bold: true };
  for (const row of options.rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
