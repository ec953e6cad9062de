import { describe, expect, it } from 'vitest';
import { csvFixed, csvText, neutraliseFormula, restoreNeutralised } from '../src/csv.js';

/** The file's cells as a spreadsheet would split them (no quoted line breaks in these tests). */
const body = (text: string) => text.replace(/^\uFEFF/, '').split('\r\n');

describe('CSV writer', () => {
  it('writes a byte-order mark, commas, CRLF line ends and quotes only where needed', () => {
    expect(
      csvText([
        ['código', 'nombre'],
        ['ARZ-1', 'Arroz, 1 kg'],
        ['X', 'Dijo "hola"'],
        ['Y', 'dos\nlíneas'],
      ]),
    ).toBe('\uFEFFcódigo,nombre\r\nARZ-1,"Arroz, 1 kg"\r\nX,"Dijo ""hola"""\r\nY,"dos\nlíneas"\r\n');
  });

  it('writes empty cells for null and undefined, numbers as numerals', () => {
    expect(body(csvText([[null, undefined, 0, 32.5, -12, csvFixed(70, 2), csvFixed(-3.5, 2)]]))).toEqual([
      ',,0,32.5,-12,70.00,-3.50',
      '',
    ]);
  });

  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ["+cmd|' /C calc'!A0", `'+cmd|' /C calc'!A0`],
    ['@SUM(1)', `'@SUM(1)`],
    ['-2+3', `'-2+3`],
    ['-12', `'-12`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `"'\r=1+1"`],
  ])('neutralises the text cell %j as %j', (cell, written) => {
    expect(body(csvText([[cell]]))[0]).toBe(written);
  });

  it('leaves other text as it is, an apostrophe or a formula character inside it included', () => {
    expect(body(csvText([["O'Brien", 'a=b', 'Café +', "'90s"]]))[0]).toBe(`O'Brien,a=b,Café +,'90s`);
  });

  it('restores what it neutralised, and nothing else', () => {
    for (const text of [
      '=HYPERLINK("http://x")',
      "+cmd|' /C calc'!A0",
      '@SUM(1)',
      '-2',
      '\tx',
      '\rx',
      'Arroz',
      "'90s",
    ]) {
      expect(restoreNeutralised(neutraliseFormula(text))).toBe(text);
    }
    expect(restoreNeutralised("'90s")).toBe("'90s");
    expect(restoreNeutralised("''=1")).toBe("''=1");
  });
});
