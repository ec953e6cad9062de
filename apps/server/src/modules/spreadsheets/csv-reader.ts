// Reading an import file in CSV, record by record, stopping at the row limit.
import { parse } from 'csv-parse/sync';
import { collectRows, isBlank, type RowsWanted, UnreadableFile } from './sheet-rows.js';

/**
 * Programs on Windows (eleventa among them) write CSV in Windows-1252, not UTF-8; the separator
 * is a comma, a semicolon (Excel in Spanish) or a tab, whichever the header row uses most. The
 * header is read and checked first; the data rows are handed over one by one as the parser
 * produces them, and the parse ends at the first row over the limit.
 */
export function readCsv(data: Buffer, wanted: RowsWanted): string[][] {
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
  const options = { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true };
  const rows = collectRows(wanted);
  try {
    const [header = []] = parse(text, { ...options, to_line: 1 }) as string[][];
    rows.header(header);
    parse(text, {
      ...options,
      from_line: 2,
      // Each record goes to the collector (which may end the parse by throwing); none is kept here.
      on_record: (record: string[]) => {
        rows.row(isBlank(record), (index) => record[index]);
        return null;
      },
    });
  } catch (error) {
    if (error instanceof UnreadableFile) throw error;
    throw unreadableCsv(error);
  }
  return rows.rows;
}

function unreadableCsv(error: unknown): UnreadableFile {
  const line = (error as { lines?: number }).lines;
  return new UnreadableFile(
    `El archivo no se pudo leer como CSV${line ? ` (línea ${line})` : ''}: revisa que sea una hoja de cálculo guardada como CSV o Excel.`,
  );
}
