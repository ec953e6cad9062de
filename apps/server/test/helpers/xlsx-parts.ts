// Excel workbooks written part by part, so a test can make the ones no spreadsheet program writes:
// a sheet of a million rows, parts that inflate to gigabytes, a zip directory that lies about its
// sizes, a thousand parts, a part that is not even valid deflate data.
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A zip entry: its data (deflated here) or its deflated bytes as given, with what the directory says. */
export interface ZipPart {
  name: string;
  data?: Buffer | string;
  deflated?: Buffer;
  /** The uncompressed size the directory states (by default the true one). */
  size?: number;
  crc?: number;
}

/** A zip archive (deflate, no zip64) whose headers say exactly what the parts say. */
export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const raw = typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : part.data;
    const deflated = part.deflated ?? deflateRawSync(raw ?? Buffer.alloc(0));
    const size = part.size ?? raw?.length ?? 0;
    const crc = part.crc ?? (raw ? crc32(raw) : 0);
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    directory.push(central, name);
    offset += local.length + name.length + deflated.length;
  }
  const directorySize = directory.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A cell reference: column 0, row 1 → 'A1'. */
export function cellRef(column: number, row: number): string {
  let letters = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${letters}${row}`;
}

/** One `<row>` of inline strings and numbers, as Excel numbers its rows and cells. */
export function rowXml(row: number, cells: Array<string | number>): string {
  const xml = cells.map((cell, column) =>
    typeof cell === 'number'
      ? `<c r="${cellRef(column, row)}"><v>${cell}</v></c>`
      : `<c r="${cellRef(column, row)}" t="inlineStr"><is><t>${escape(cell)}</t></is></c>`,
  );
  return `<row r="${row}">${xml.join('')}</row>`;
}

export const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_TAIL = '</sheetData></worksheet>';

/** The XML of a sheet holding these rows (row 1 first). */
export const sheetXml = (rows: Array<Array<string | number>>) =>
  SHEET_HEAD + rows.map((cells, i) => rowXml(i + 1, cells)).join('') + SHEET_TAIL;

/**
 * A workbook with one sheet whose XML is given (or given already deflated, with its size), plus
 * any other parts. `sharedStrings` adds that part and its relationship.
 */
export function workbook(
  sheet: ZipPart['data'] | Pick<ZipPart, 'deflated' | 'size' | 'crc'>,
  extra: ZipPart[] = [],
  sharedStrings?: string[],
): Buffer {
  const sheetPart: ZipPart =
    typeof sheet === 'string' || Buffer.isBuffer(sheet) || sheet === undefined
      ? { name: 'xl/worksheets/sheet1.xml', data: sheet }
      : { name: 'xl/worksheets/sheet1.xml', ...sheet };
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  const relationships = '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">';
  return zip([
    {
      name: '[Content_Types].xml',
      data:
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: `${relationships}${rel('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data:
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        relationships +
        rel('rId1', 'worksheet', 'worksheets/sheet1.xml') +
        (sharedStrings ? rel('rId2', 'sharedStrings', 'sharedStrings.xml') : '') +
        '</Relationships>',
    },
    ...(sharedStrings
      ? [
          {
            name: 'xl/sharedStrings.xml',
            data:
              '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
              sharedStrings.map((s) => `<si><t>${escape(s)}</t></si>`).join('') +
              '</sst>',
          },
        ]
      : []),
    sheetPart,
    ...extra,
  ]);
}

/**
 * Deflate data for `times` repeats of `unit` between a head and a tail, without building it: each
 * piece is deflated alone and ends on a byte boundary (a full flush), so the pieces can simply be
 * concatenated. `size` is the true inflated size; the CRC is not computed (nothing that reads this
 * far is meant to).
 */
export function repeated(head: string, unit: string, times: number, tail: string): Pick<ZipPart, 'deflated' | 'size'> {
  const perBlock = Math.max(1, Math.floor((1024 * 1024) / Buffer.byteLength(unit)));
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const block = deflateRawSync(Buffer.from(unit.repeat(perBlock)), flush);
  const blocks = Math.floor(times / perBlock);
  const rest = unit.repeat(times - blocks * perBlock);
  const pieces = [deflateRawSync(Buffer.from(head), flush), ...Array<Buffer>(blocks).fill(block)];
  pieces.push(deflateRawSync(Buffer.from(rest + tail)));
  const size = Buffer.byteLength(head) + Buffer.byteLength(unit) * times + Buffer.byteLength(tail);
  return { deflated: Buffer.concat(pieces), size };
}

/**
 * A sheet of a million products as Excel writes them (a number code and a shared-string name per
 * row; about 90 MB of XML), really deflated: about 10 MB, under the upload limit.
 */
export function millionRowWorkbook(rows = 1_000_000): Buffer {
  const xml = Buffer.allocUnsafe(100 * 1024 * 1024);
  let at = xml.write(SHEET_HEAD + rowXml(1, ['código', 'nombre']), 0, 'utf8');
  for (let row = 2; row <= rows + 1; row++) {
    at += xml.write(
      `<row r="${row}"><c r="A${row}"><v>${row}</v></c><c r="B${row}" t="s"><v>0</v></c></row>`,
      at,
      'latin1',
    );
  }
  at += xml.write(SHEET_TAIL, at, 'latin1');
  const raw = xml.subarray(0, at);
  return workbook({ deflated: deflateRawSync(raw, { level: 1 }), size: raw.length, crc: crc32(raw) }, [], ['Producto']);
}
