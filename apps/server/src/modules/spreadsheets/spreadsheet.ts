// Tables to files: CSV (the shared writer, packages/shared/src/csv.ts) and Excel workbooks
// (exceljs). Reading an import file is csv-reader.ts and xlsx-reader.ts.
import { csvText } from '@mostrador/shared';
import ExcelJS from 'exceljs';

export type Cell = string | number | null;

export interface Table {
  /** The worksheet's name in the workbook. */
  title: string;
  columns: string[];
  rows: Cell[][];
}

/**
 * The table as CSV through the one shared writer (packages/shared/src/csv.ts): a byte-order mark,
 * and every text cell a spreadsheet would run as a formula neutralised. Numbers stay numbers.
 */
export function toCsv(table: Table): Buffer {
  return Buffer.from(csvText([table.columns, ...table.rows]), 'utf8');
}

/**
 * Workbook cells are typed: a string is written as a string (a shared string, never a formula),
 * so a name like `=HYPERLINK(…)` stays text in the .xlsx without an apostrophe.
 */
export async function toXlsx(table: Table): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(table.title);
  sheet.addRow(table.columns).font = { bold: true };
  sheet.addRows(table.rows);
  sheet.columns.forEach((column) => (column.width = 18));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
