// Tables to files: CSV (csv-stringify) and Excel workbooks (exceljs). Reading an import file is
// csv-reader.ts and xlsx-reader.ts.
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

export type Cell = string | number | null;

export interface Table {
  /** The worksheet's name in the workbook. */
  title: string;
  columns: string[];
  rows: Cell[][];
}

/** UTF-8 with a byte-order mark: Excel then opens accents and ñ correctly. */
export function toCsv(table: Table): Buffer {
  return Buffer.from(stringify([table.columns, ...table.rows], { bom: true }), 'utf8');
}

export async function toXlsx(table: Table): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(table.title);
  sheet.addRow(table.columns).font = { bold: true };
  sheet.addRows(table.rows);
  sheet.columns.forEach((column) => (column.width = 18));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
