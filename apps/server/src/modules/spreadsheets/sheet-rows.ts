// What the CSV and Excel readers share: the refusal of a whole file, and the row collector that
// checks the header first and stops reading at the row limit.
import { MAX_IMPORT_ROWS } from '@mostrador/shared';

/** Why a file cannot be imported at all, in Spanish (reported on its header row). */
export class UnreadableFile extends Error {}

export const TOO_MANY_ROWS =
  `El archivo tiene más de ${MAX_IMPORT_ROWS.toLocaleString('es-MX')} filas; el máximo es ` +
  `${MAX_IMPORT_ROWS.toLocaleString('es-MX')}. Divídelo en varios archivos.`;

/** What a reader is asked for. */
export interface RowsWanted {
  /**
   * Given the header row (row 1, every cell), which columns to keep of each data row, by index.
   * Throws an UnreadableFile to refuse the file before its data rows are read.
   */
  columns(header: string[]): number[];
  /** Data rows allowed; one more non-blank row refuses the file with TOO_MANY_ROWS. */
  maxRows: number;
}

/**
 * Collects the data rows of a sheet as the reader meets them: the header first, then each row
 * that is not blank (a blank row is not a record and does not count), keeping only the wanted
 * cells, so a row 16,000 cells wide costs what the import reads of it.
 */
export function collectRows(wanted: RowsWanted) {
  let keep: number[] | null = null;
  const rows: string[][] = [];
  return {
    rows,
    get hasHeader() {
      return keep !== null;
    },
    header(cells: string[]) {
      keep = wanted.columns(cells);
    },
    /** A data row; `cellAt` gives its cell at a column index ('' or undefined when empty). */
    row(blank: boolean, cellAt: (index: number) => string | undefined) {
      if (keep === null) throw new Error('A data row came before the header row.');
      if (blank) return;
      if (rows.length >= wanted.maxRows) throw new UnreadableFile(TOO_MANY_ROWS);
      rows.push(keep.map((index) => cellAt(index) ?? ''));
    },
  };
}

export type RowCollector = ReturnType<typeof collectRows>;

/** A row is blank when every cell is empty or spaces. */
export const isBlank = (cells: Iterable<string>) => {
  for (const cell of cells) if (cell.trim() !== '') return false;
  return true;
};
