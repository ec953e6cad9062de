// Tables to and from files: CSV (written by the shared writer, read with csv-parse) and Excel
// workbooks (exceljs).
import { csvText } from '@mostrador/shared';
import { parse } from 'csv-parse/sync';
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

/**
 * A file's first sheet as text: its header row, and its data rows read on demand (a file whose
 * header is wrong is refused without reading megabytes of it).
 */
export interface SheetText {
  header: string[];
  rows(): string[][];
}

/** Why a file could not be read at all, in Spanish. */
export class UnreadableFile extends Error {}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const nonBlank = (rows: string[][]) => rows.filter((row) => row.some((cell) => cell.trim() !== ''));

export async function readSheet(data: Buffer): Promise<SheetText> {
  if (data.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    const [header = [], ...body] = await readXlsx(data);
    return { header, rows: () => nonBlank(body) };
  }
  return readCsv(data);
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableFile('El archivo no es un libro de Excel (.xlsx) válido.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableFile('El libro de Excel no tiene hojas.');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => (cells[column - 1] = cellText(cell)));
    rows.push(Array.from(cells, (cell) => cell ?? ''));
  });
  return rows;
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  return cell.text;
}

/**
 * Programs on Windows (eleventa among them) write CSV in Windows-1252, not UTF-8; the separator
 * is a comma, a semicolon (Excel in Spanish) or a tab, whichever the header row uses most.
 */
function readCsv(data: Buffer): SheetText {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = new TextDecoder('windows-1252').decode(data);
  }
  text = text.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  const read = (options: { to_line?: number; from_line?: number }) => {
    try {
      return parse(text, {
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        ...options,
      }) as string[][];
    } catch (error) {
      throw unreadableCsv(error);
    }
  };
  return { header: read({ to_line: 1 })[0] ?? [], rows: () => nonBlank(read({ from_line: 2 })) };
}

function unreadableCsv(error: unknown): UnreadableFile {
  const line = (error as { lines?: number }).lines;
  return new UnreadableFile(
    `El archivo no se pudo leer como CSV${line ? ` (línea ${line})` : ''}: revisa que sea una hoja de cálculo guardada como CSV o Excel.`,
  );
}
