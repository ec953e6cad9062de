// Reading the first sheet of an Excel workbook (.xlsx) without trusting the file. An .xlsx is a
// zip of XML parts: its central directory is checked before anything is decompressed (how many
// parts, how large they say they are once decompressed, which yauzl then holds each part to);
// only the parts the import needs are decompressed (the package's and the workbook's
// relationships, the workbook, the shared strings and the first sheet; never xl/media, drawings
// and the like); the sheet's XML is read as a stream by a SAX parser that stops at the row limit.
import { posix } from 'node:path';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { collectRows, isBlank, type RowCollector, type RowsWanted, UnreadableFile } from './sheet-rows.js';

/** Parts a workbook may have: a shop's sheet has a few dozen. */
export const MAX_XLSX_ENTRIES = 1000;
/** Their total size once decompressed, as the zip's directory states it. */
export const MAX_XLSX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;

const NOT_XLSX = 'El archivo no es un libro de Excel (.xlsx) válido.';
const NO_SHEETS = 'El libro de Excel no tiene hojas.';
export const XLSX_TOO_LARGE =
  `El archivo es demasiado grande: descomprimido ocuparía más de ${MAX_XLSX_UNCOMPRESSED_BYTES / 1024 / 1024} MB. ` +
  'Copia solo la hoja con los datos, sin imágenes, a un libro nuevo, o divídelo en varios archivos.';
export const XLSX_TOO_MANY_PARTS =
  `El archivo es demasiado grande: tiene más de ${MAX_XLSX_ENTRIES.toLocaleString('es-MX')} partes ` +
  '(hojas, imágenes, gráficas…). Copia solo la hoja con los datos a un libro nuevo.';

/** Excel's last column is XFD; a cell said to be further right is not kept. */
const MAX_COLUMNS = 16_384;

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
export const isZip = (data: Buffer) => data.subarray(0, 4).equals(ZIP_SIGNATURE);

export async function readXlsx(data: Buffer, wanted: RowsWanted): Promise<string[][]> {
  const parts = await openParts(data);
  const { sheet, sharedStrings } = await locateFirstSheet(parts);
  const strings = sharedStrings ? await readSharedStrings(parts, sharedStrings) : [];
  const rows = collectRows(wanted);
  await parsePart(parts, sheet, (parser) => listenToSheet(parser, strings, rows));
  if (!rows.hasHeader) rows.header([]);
  return rows.rows;
}

interface Parts {
  zip: ZipFile;
  /** By name in lower case: the names of a package's parts are case-insensitive. */
  byName: Map<string, Entry>;
}

/** The zip's directory, refused when it has too many parts or they would be too large. */
async function openParts(data: Buffer): Promise<Parts> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw new UnreadableFile(NOT_XLSX);
  }
  if (zip.entryCount > MAX_XLSX_ENTRIES) throw new UnreadableFile(XLSX_TOO_MANY_PARTS);
  const byName = new Map<string, Entry>();
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      total += entry.uncompressedSize;
      if (total > MAX_XLSX_UNCOMPRESSED_BYTES) throw new UnreadableFile(XLSX_TOO_LARGE);
      byName.set(entry.fileName.toLowerCase(), entry);
    }
  } catch (error) {
    if (error instanceof UnreadableFile) throw error;
    throw new UnreadableFile(NOT_XLSX);
  }
  return { zip, byName };
}

/** Thrown by a handler that has read what it needed of a part. */
class Enough extends Error {}

/**
 * Streams one part through a SAX parser (which expands no entity declared in the file). The
 * handlers may end the read early by throwing Enough, or refuse the file with an UnreadableFile.
 */
async function parsePart(parts: Parts, name: string, listen: (parser: SaxesParser) => void): Promise<void> {
  const entry = parts.byName.get(name.toLowerCase());
  if (!entry || !entry.canDecodeFileData()) throw new UnreadableFile(NOT_XLSX);
  const parser = new SaxesParser();
  parser.on('error', () => {
    throw new UnreadableFile(NOT_XLSX);
  });
  listen(parser);
  const decoder = new TextDecoder('utf-8');
  try {
    const stream = await parts.zip.openReadStreamPromise(entry);
    // Leaving the loop early (a handler threw) destroys the stream: the rest is never inflated.
    for await (const chunk of stream) parser.write(decoder.decode(chunk as Buffer, { stream: true }));
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof Enough) return;
    if (error instanceof UnreadableFile) throw error;
    throw new UnreadableFile(NOT_XLSX);
  }
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** An attribute by its local name (`r:id` and `x:id` are both `id`). */
function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  for (const [key, value] of Object.entries(tag.attributes)) if (localName(key) === name) return value;
  return undefined;
}

interface Relationship {
  type: string;
  /** The part it points to, as a name inside the zip. */
  target: string;
}

/** A part's relationships (`_rels/<name>.rels` beside it), by id; targets resolved to part names. */
async function relationshipsOf(parts: Parts, partName: string): Promise<Map<string, Relationship>> {
  const dir = posix.dirname(partName);
  const relsName = posix.join(dir, '_rels', `${posix.basename(partName)}.rels`);
  const found = new Map<string, Relationship>();
  if (!parts.byName.has(relsName.toLowerCase())) return found;
  await parsePart(parts, relsName, (parser) =>
    parser.on('opentag', (tag) => {
      const [id, type, target] = [attribute(tag, 'Id'), attribute(tag, 'Type'), attribute(tag, 'Target')];
      if (localName(tag.name) !== 'Relationship' || !id || !type || !target) return;
      if (attribute(tag, 'TargetMode') === 'External') return;
      const name = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(dir, target));
      found.set(id, { type, target: name });
    }),
  );
  return found;
}

const ofType = (relationship: Relationship, type: string) => relationship.type.endsWith(`/${type}`);

/** The first sheet of the workbook (as ExcelJS and Excel order them) and the shared strings. */
async function locateFirstSheet(parts: Parts): Promise<{ sheet: string; sharedStrings?: string }> {
  const root = [...(await relationshipsOf(parts, '')).values()].find((r) => ofType(r, 'officeDocument'));
  const workbook = root?.target ?? 'xl/workbook.xml';
  const relationships = await relationshipsOf(parts, workbook);
  const sharedStrings = [...relationships.values()].find((r) => ofType(r, 'sharedStrings'))?.target;
  let sheet: string | undefined;
  await parsePart(parts, workbook, (parser) =>
    parser.on('opentag', (tag) => {
      if (localName(tag.name) !== 'sheet') return;
      const relationship = relationships.get(attribute(tag, 'id') ?? '');
      if (!relationship || !ofType(relationship, 'worksheet')) return;
      sheet = relationship.target;
      throw new Enough();
    }),
  );
  if (!sheet) throw new UnreadableFile(NO_SHEETS);
  return {
    sheet,
    sharedStrings: sharedStrings && parts.byName.has(sharedStrings.toLowerCase()) ? sharedStrings : undefined,
  };
}

/**
 * Text of a string item (`<si>` of the shared strings, `<is>` of a cell): its `<t>`, or its runs'
 * `<t>` one after another, leaving out the phonetic guide (`<rPh>`).
 */
function richText() {
  let text = '';
  let inText = false;
  let phonetic = 0;
  return {
    open(name: string) {
      if (name === 't') inText = true;
      else if (name === 'rPh') phonetic++;
    },
    close(name: string) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
    },
    text(chunk: string) {
      if (inText && phonetic === 0) text += chunk;
    },
    take() {
      const taken = text;
      text = '';
      return taken;
    },
  };
}

async function readSharedStrings(parts: Parts, name: string): Promise<string[]> {
  const strings: string[] = [];
  const item = richText();
  await parsePart(parts, name, (parser) => {
    parser.on('opentag', (tag) => item.open(localName(tag.name)));
    parser.on('text', item.text);
    parser.on('cdata', item.text);
    parser.on('closetag', (tag) => {
      const local = localName(tag.name);
      item.close(local);
      if (local === 'si') strings.push(item.take());
    });
  });
  return strings;
}

/** 'C12' → 2. */
function columnOf(reference: string | undefined): number | null {
  const letters = /^([A-Z]{1,3})\d*$/i.exec(reference ?? '')?.[1];
  if (!letters) return null;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column - 1;
}

/** A cell's text, as the import has always read it: numbers in JavaScript's shortest form, booleans as true/false. */
function cellText(type: string, value: string, inline: string, strings: string[]): string {
  switch (type) {
    case 's':
      return strings[Number(value)] ?? '';
    case 'inlineStr':
      return inline;
    case 'b':
      return value === '' ? '' : String(value === '1' || value === 'true');
    case 'd': {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? value : date.toISOString();
    }
    case 'str':
    case 'e':
      return value;
    default: {
      const number = Number(value);
      return value.trim() === '' || !Number.isFinite(number) ? value : String(number);
    }
  }
}

/** The sheet's rows go to the collector as each `</row>` closes; row 1 is the header. */
function listenToSheet(parser: SaxesParser, strings: string[], rows: RowCollector) {
  let rowNumber = 0;
  let cells = new Map<number, string>();
  let column = 0;
  let type = 'n';
  let value = '';
  let inValue = false;
  const inline = richText();

  const endRow = () => {
    if (!rows.hasHeader) {
      if (rowNumber === 1) {
        rows.header(Array.from({ length: Math.max(0, ...cells.keys()) + 1 }, (_, i) => cells.get(i) ?? ''));
        return;
      }
      rows.header([]);
    }
    rows.row(isBlank(cells.values()), (index) => cells.get(index));
  };

  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'row') {
      const r = Number(attribute(tag, 'r'));
      rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
      cells = new Map();
      column = 0;
    } else if (name === 'c') {
      column = columnOf(attribute(tag, 'r')) ?? column;
      type = attribute(tag, 't') ?? 'n';
      value = '';
      inline.take();
    } else if (name === 'v') {
      inValue = true;
    } else {
      inline.open(name);
    }
  });
  const text = (chunk: string) => {
    if (inValue) value += chunk;
    else inline.text(chunk);
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 'v') {
      inValue = false;
    } else if (name === 'c') {
      const cell = cellText(type, value, inline.take(), strings);
      if (cell !== '' && column < MAX_COLUMNS) cells.set(column, cell);
      column++;
    } else if (name === 'row') {
      endRow();
    } else {
      inline.close(name);
    }
  });
}
