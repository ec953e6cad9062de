// Files an import reads and helpers to read what an export wrote.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { TestApp } from './app.js';
import { multipart } from './multipart.js';

/** A CSV file from rows of cells (quoted where needed). */
export function csv(rows: Array<Array<string | number>>, separator = ','): Buffer {
  const quote = (cell: string | number) => {
    const text = String(cell);
    return /[",;\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return Buffer.from(rows.map((row) => row.map(quote).join(separator)).join('\r\n') + '\r\n', 'utf8');
}

export async function xlsx(rows: Array<Array<string | number>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Hoja1').addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first sheet of a workbook, every cell as its value. */
export async function readXlsx(data: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Uploads a file to /import/preview or /import/commit as that role. */
export async function upload(
  t: TestApp,
  step: 'preview' | 'commit',
  kind: string,
  data: Buffer,
  { role = 'Admin' as const, filename = 'datos.csv' } = {},
) {
  const body = await multipart({}, { data, type: 'application/octet-stream', filename, field: 'file' });
  return t.injectAs(role, { method: 'POST', url: `/api/import/${step}?kind=${kind}`, ...body });
}

/** Texts a spreadsheet runs as formulas when a CSV cell starts with them (OWASP's CSV injection). */
export const FORMULAS = ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", '@SUM(1)'] as const;

/** A CSV export's cells, as a spreadsheet splits them (byte-order mark dropped). */
export function readCsv(body: string): string[][] {
  return parse(body.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
}

/**
 * Cells a spreadsheet would run: text starting with = + - @, a tab or a carriage return. A
 * numeral (a negative number) is a number, not a formula.
 */
export function liveCells(rows: string[][]): string[] {
  return rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^-\d+(\.\d+)?$/.test(cell));
}
