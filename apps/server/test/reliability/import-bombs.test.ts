// Excel files made to take the server down (issue 36): a sheet of a million rows, a zip bomb of
// XML, gigabytes of images in a 3 MB file, a part that inflates past what the zip's directory
// says. Each is refused in Spanish, and meanwhile the server keeps answering: every health
// request made during the import succeeds and the event loop is never held up (its longest delay
// is measured, with a generous bound: the file used to hold it for tens of seconds).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type ImportPreview, MAX_IMPORT_BYTES } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_TOO_HEAVY, parseInWorker } from '../../src/modules/spreadsheets/parse-in-worker.js';
import { TOO_MANY_ROWS } from '../../src/modules/spreadsheets/sheet-rows.js';
import { XLSX_TOO_LARGE } from '../../src/modules/spreadsheets/xlsx-reader.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { csv, upload } from '../helpers/spreadsheets.js';
import {
  millionRowWorkbook,
  repeated,
  rowXml,
  SHEET_HEAD,
  SHEET_TAIL,
  sheetXml,
  workbook,
} from '../helpers/xlsx-parts.js';

const GB = 1024 * 1024 * 1024;
/** The longest the event loop may be held up while a bomb is refused. */
const MAX_LOOP_DELAY_MS = 1000;

let t: TestApp;
const bombs: Array<{ name: string; file: Buffer; message: string }> = [];
let rssBefore = 0;

beforeAll(async () => {
  t = await createTestApp();
  const head = SHEET_HEAD + rowXml(1, ['código', 'nombre']);
  // A row and 4 KB of blanks between rows: XML that deflates about a thousand to one.
  const row = `<row><c t="inlineStr"><is><t>bomba</t></is></c></row>${' '.repeat(4096)}`;
  const gigabytes = (size: number) => Math.ceil(size / row.length);
  const xmlBomb = repeated(head, row, gigabytes(2.2 * GB), SHEET_TAIL);
  const zeros = repeated('', '\0'.repeat(1024), GB / 1024, '');
  const products = sheetXml([
    ['código', 'nombre'],
    ['BOMBA-1', 'Cuaderno'],
  ]);
  bombs.push(
    { name: 'a sheet of a million rows', file: millionRowWorkbook(), message: TOO_MANY_ROWS },
    { name: 'a zip bomb: 2.2 GB of sheet XML', file: workbook(xmlBomb), message: XLSX_TOO_LARGE },
    {
      name: 'three 1 GB images in a 3 MB file',
      file: workbook(
        products,
        [1, 2, 3].map((n) => ({ name: `xl/media/image${n}.png`, ...zeros })),
      ),
      message: XLSX_TOO_LARGE,
    },
    {
      name: 'a sheet whose zip directory says 1 MB and which inflates to 2.2 GB',
      file: workbook({ deflated: xmlBomb.deflated, size: 1024 * 1024 }),
      message: 'El archivo no es un libro de Excel (.xlsx) válido.',
    },
  );
  rssBefore = process.memoryUsage().rss;
}, 60_000);
afterAll(() => t.close());

/** Runs `work` while asking for /api/health every 50 ms and measuring the event loop's delay. */
async function whileProbing<T>(work: () => Promise<T>) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const probes: Array<Promise<number>> = [];
  const probe = () => probes.push(t.app.inject({ method: 'GET', url: '/api/health' }).then((r) => r.statusCode));
  probe();
  const timer = setInterval(probe, 50);
  try {
    return { result: await work(), health: await Promise.all(probes), maxDelayMs: loop.max / 1e6 };
  } finally {
    clearInterval(timer);
    loop.disable();
  }
}

describe('xlsx bombs', () => {
  it('each fit in an upload (so they reach the reader, not the 413)', () => {
    for (const { name, file } of bombs) expect(file.length, name).toBeLessThan(MAX_IMPORT_BYTES);
  });

  it.each([0, 1, 2, 3])('#%i is refused in Spanish while the server keeps answering', async (index) => {
    const { name, file, message } = bombs[index]!;
    const { result, health, maxDelayMs } = await whileProbing(async () => ({
      preview: await upload(t, 'preview', 'products', file, { filename: 'bomba.xlsx' }),
      commit: await upload(t, 'commit', 'products', file, { filename: 'bomba.xlsx' }),
    }));
    expect(result.preview.statusCode, name).toBe(200);
    expect(result.preview.json<ImportPreview>().errors, name).toEqual([{ row: 1, message }]);
    expect(result.commit.statusCode, name).toBe(400);
    expect(
      health.every((status) => status === 200),
      name,
    ).toBe(true);
    expect(maxDelayMs, name).toBeLessThan(MAX_LOOP_DELAY_MS);
  });

  it('leave no memory behind, and the next import is read as usual', async () => {
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(GB);
    const file = csv([
      ['código', 'nombre'],
      ['DESPUES-1', 'Lápiz'],
    ]);
    expect((await upload(t, 'commit', 'products', file)).json()).toMatchObject({ created: 1 });
  });
});

describe("the import's worker", () => {
  it('dies alone when a file needs more memory than it has, and the file is refused in Spanish', async () => {
    const limits = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 };
    const heavy = csv([
      ['código', 'nombre'],
      ...Array.from({ length: 50_000 }, (_, i) => [`PESADO-${i}`, `Producto ${'de nombre largo '.repeat(24)}${i}`]),
    ]);
    const { result, health, maxDelayMs } = await whileProbing(() => parseInWorker('products', heavy, limits));
    expect(result.errors).toEqual([{ row: 1, message: FILE_TOO_HEAVY }]);
    expect(health.every((status) => status === 200)).toBe(true);
    expect(maxDelayMs).toBeLessThan(MAX_LOOP_DELAY_MS);

    // The same limits read an ordinary file.
    const light = csv([
      ['código', 'nombre'],
      ['LIGERO-1', 'Goma'],
    ]);
    expect(await parseInWorker('products', light, limits)).toMatchObject({ total: 1, errors: [] });
  });
});
