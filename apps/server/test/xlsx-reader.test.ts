// The import's Excel reader against the workbooks programs write: the cells read as the import
// has always read them through ExcelJS, and the shapes of XML other programs use.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../src/modules/spreadsheets/xlsx-reader.js';
import { zip } from './helpers/xlsx-parts.js';

/** Every cell of the first `width` columns of each non-blank data row, after the header. */
const everything = (width: number) => ({ maxRows: 100, columns: () => Array.from({ length: width }, (_, i) => i) });

describe('the Excel reader', () => {
  it('reads an ExcelJS workbook cell by cell as ExcelJS reads it, but a date as its serial number', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Productos');
    book.addWorksheet('Otra').addRow(['no', 'es', 'esta']);
    sheet.addRow(['código', 'nombre', 'precio', 'a granel', 'total', 'alta']);
    sheet.addRow([
      'A-1',
      'Azúcar & café <1 kg>',
      12.2,
      true,
      { formula: 'C2*2', result: 24.4 },
      new Date('2026-03-01T00:00:00Z'),
    ]);
    sheet.addRow([]);
    sheet.addRow([
      7501000111206,
      { richText: [{ text: 'Frijol ' }, { font: { bold: true }, text: 'negro' }] },
      0.1 + 0.2,
    ]);
    sheet.getCell('F4').value = '  ';
    sheet.addRow(['', null, null, false, { formula: 'A1&"x"', result: 'código x' }]);
    const data = Buffer.from(await book.xlsx.writeBuffer());

    let header: string[] = [];
    const rows = await readXlsx(data, {
      maxRows: 100,
      columns: (cells) => ((header = cells), [0, 1, 2, 3, 4, 5]),
    });
    expect(header).toEqual(['código', 'nombre', 'precio', 'a granel', 'total', 'alta']);
    expect(rows).toEqual([
      // Styles are not read (no column of an import is a date): ExcelJS gave '2026-03-01T00:00:00.000Z'.
      ['A-1', 'Azúcar & café <1 kg>', '12.2', 'true', '24.4', '46082'],
      ['7501000111206', 'Frijol negro', '0.30000000000000004', '', '', '  '],
      ['', '', '', 'false', 'código x', ''],
    ]);
  });

  it('reads the XML other programs write: prefixes, absolute targets, cells without a reference, inline rich text', async () => {
    const ns = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const data = zip([
      {
        name: '_rels/.rels',
        data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="a" Type="${rel}/officeDocument" Target="/xl/libro.xml"/></Relationships>`,
      },
      {
        name: 'xl/libro.xml',
        data: `<x:workbook ${ns} xmlns:r="${rel}"><x:sheets><x:sheet name="G" sheetId="2" r:id="g"/><x:sheet name="H" sheetId="1" r:id="h"/></x:sheets></x:workbook>`,
      },
      {
        name: 'xl/_rels/libro.xml.rels',
        data:
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="g" Type="${rel}/chartsheet" Target="/xl/chartsheets/sheet1.xml"/>` +
          `<Relationship Id="h" Type="${rel}/worksheet" Target="/xl/worksheets/Hoja.xml"/>` +
          `<Relationship Id="s" Type="${rel}/sharedStrings" Target="/xl/cadenas.xml"/></Relationships>`,
      },
      {
        name: 'xl/cadenas.xml',
        data: `<x:sst ${ns}><x:si><x:t>código</x:t></x:si><x:si><x:r><x:t>Ma</x:t></x:r><x:r><x:t>íz</x:t></x:r><x:rPh><x:t>まいず</x:t></x:rPh></x:si></x:sst>`,
      },
      {
        name: 'xl/worksheets/Hoja.xml',
        data:
          `<x:worksheet ${ns}><x:sheetData>` +
          `<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="inlineStr"><x:is><x:t>nombre</x:t></x:is></x:c></x:row>` +
          `<x:row><x:c t="str"><x:f>"M-"&amp;1</x:f><x:v>M-1</x:v></x:c><x:c t="s"><x:v>1</x:v></x:c></x:row>` +
          `<x:row r="5"><x:c r="B5" t="inlineStr"><x:is><x:r><x:t xml:space="preserve">Sal </x:t></x:r><x:r><x:t>fina</x:t></x:r></x:is></x:c><x:c t="e"><x:v>#N/A</x:v></x:c></x:row>` +
          `</x:sheetData></x:worksheet>`,
      },
    ]);
    let header: string[] = [];
    const rows = await readXlsx(data, { maxRows: 10, columns: (cells) => ((header = cells), [0, 1, 2]) });
    expect(header).toEqual(['código', 'nombre']);
    expect(rows).toEqual([
      ['M-1', 'Maíz', ''],
      ['', 'Sal fina', '#N/A'],
    ]);
  });

  it('gives an empty header to a sheet without rows or without row 1', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Vacía');
    const empty = Buffer.from(await book.xlsx.writeBuffer());
    const headers: string[][] = [];
    expect(await readXlsx(empty, { ...everything(1), columns: (cells) => (headers.push(cells), [0]) })).toEqual([]);

    const late = new ExcelJS.Workbook();
    late.addWorksheet('Tarde').getCell('A3').value = 'código';
    const lateData = Buffer.from(await late.xlsx.writeBuffer());
    expect(await readXlsx(lateData, { ...everything(1), columns: (cells) => (headers.push(cells), [0]) })).toEqual([
      ['código'],
    ]);
    expect(headers).toEqual([[], []]);
  });
});
