// Reading an import file into rows of cells by field, and checking a row with the API's schema.
import {
  type ImportColumn,
  type ImportRowError,
  matchColumns,
  MAX_IMPORT_ROWS,
  restoreNeutralised,
} from '@mostrador/shared';
import type { z } from 'zod';
import { readCsv } from './csv-reader.js';
import { type RowsWanted, UnreadableFile } from './sheet-rows.js';
import { isZip, readXlsx } from './xlsx-reader.js';

/** A valid row of the file: its spreadsheet row number and the record it describes. */
export interface Row<T> {
  row: number;
  value: T;
}

export interface Parsed<T> {
  /** Data rows in the file. */
  total: number;
  columns: string[];
  rows: Row<T>[];
  errors: ImportRowError[];
}

export type Cells = Record<string, string>;

/**
 * The file's rows as cells by field, or the reason it cannot be imported at all (unreadable,
 * without the required columns, too long). Row numbers are the spreadsheet's: the header is 1.
 */
export async function readRows(columns: readonly ImportColumn[], data: Buffer): Promise<RowsOfFile> {
  try {
    return await readCells(columns, data);
  } catch (error) {
    if (error instanceof UnreadableFile) return fileError(error.message);
    throw error;
  }
}

export interface RowsOfFile {
  columns: string[];
  cells: Row<Cells>[];
  errors: ImportRowError[];
}

/** A problem of the whole file, reported on its header row. */
const fileError = (message: string): RowsOfFile => ({ columns: [], cells: [], errors: [{ row: 1, message }] });

/** A file that cannot be imported at all, as the import's parse answers it. */
export const fileProblem = <T>(message: string): Parsed<T> => ({
  total: 0,
  columns: [],
  rows: [],
  errors: [{ row: 1, message }],
});

/** The first sheet of a workbook, or a CSV file, read up to the import's row limit. */
const readSheet = (data: Buffer, wanted: RowsWanted) =>
  isZip(data) ? readXlsx(data, wanted) : Promise.resolve(readCsv(data, wanted));

/**
 * The header is checked before any data row is read (a file without the required columns is
 * refused without reading megabytes of it); only the columns the import knows are kept.
 */
async function readCells(columns: readonly ImportColumn[], data: Buffer): Promise<RowsOfFile> {
  let found = new Map<ImportColumn, number>();
  const body = await readSheet(data, {
    maxRows: MAX_IMPORT_ROWS,
    columns(header) {
      found = matchColumns(columns, header);
      const missing = columns.filter((c) => c.required && !found.has(c)).map((c) => c.label);
      if (missing.length > 0) {
        throw new UnreadableFile(
          `Faltan las columnas ${missing.join(', ')}. La primera fila debe tener los nombres de las columnas ` +
            `(${columns.map((c) => c.label).join(', ')}).`,
        );
      }
      return [...found.values()];
    },
  });
  const kept = [...found.keys()];
  const cells = body.map((cellsOfRow, index) => {
    const value: Cells = {};
    kept.forEach((column, at) => {
      // An exported file imports back as it is: the apostrophe the CSV writer put before a
      // formula-like text (csv.ts) goes.
      const text = restoreNeutralised(cellsOfRow[at] ?? '').trim();
      value[column.field] = column.read ? column.read(text) : text;
    });
    return { row: index + 2, value };
  });
  return { columns: kept.map((c) => c.label), cells, errors: [] };
}

/** Validates one row with the API's own schema; each problem names its column. */
export function validate<S extends z.ZodType>(
  schema: S,
  columns: readonly ImportColumn[],
  row: number,
  input: Record<string, unknown>,
  errors: ImportRowError[],
): z.infer<S> | null {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const column = columns.find((c) => c.field === issue.path[0]);
    errors.push({ row, message: column ? `${column.label}: ${issue.message}` : issue.message });
  }
  return null;
}

export const blankToNull = (text: string | undefined) => (text ? text : null);
