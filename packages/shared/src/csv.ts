// The one CSV writer of every export, the server's files and the ones the web app builds:
// UTF-8 with a byte-order mark (Excel then opens accents and ñ correctly), comma separated, CRLF
// line ends, a field quoted when it holds a comma, a quote or a line break (RFC 4180).
//
// A spreadsheet runs a cell that starts with = + - @ (or a tab or a carriage return before them)
// as a formula: `=HYPERLINK("http://…")` or `+cmd|' /C calc'!A0` typed as a client's name would
// come out live. Every text cell that starts with one of those characters is written with a
// leading apostrophe (OWASP's CSV injection advice), so the spreadsheet shows it as text. A
// number our code writes from a number (a negative stock change, say) is a numeral, not text,
// and stays as it is: nothing typed by a user can reach the file that way.

export const CSV_BYTE_ORDER_MARK = '\uFEFF';

/** A number written with a fixed count of decimals ('70.00'); still a numeral to the writer. */
export interface CsvNumeral {
  readonly numeral: string;
}

/** A cell: text (neutralised when it could run), a number, a numeral, or empty. */
export type CsvCell = string | number | CsvNumeral | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

/** `value` with `decimals` decimals, written as a number. */
export function csvFixed(value: number, decimals: number): CsvNumeral {
  return { numeral: Number.isFinite(value) ? value.toFixed(decimals) : '' };
}

/** Text a spreadsheet would read as a formula gets a leading apostrophe; any other text is as it is. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Undoes neutraliseFormula, for an import reading back one of our exports: an apostrophe before
 * = + - @, a tab or a carriage return goes; any other apostrophe stays.
 */
export function restoreNeutralised(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'object') return cell.numeral;
  return neutraliseFormula(cell);
}

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** A whole CSV file (byte-order mark first) from its rows; the first row is usually the header. */
export function csvText(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return CSV_BYTE_ORDER_MARK + rows.map((row) => row.map((cell) => quoted(cellText(cell))).join(',') + '\r\n').join('');
}
