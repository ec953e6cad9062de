import { describe, expect, it } from 'vitest';
import { receivablesCsv } from './receivables-csv';

const zero = { days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
const totals = { balance: 0, overdue: 0, ...zero };

describe('receivables CSV', () => {
  it('writes a byte-order mark, a header, one row per client with two-decimal pesos, and the totals', () => {
    const csv = receivablesCsv({
      clients: [
        { clientId: 2, name: 'Pérez, "Don" Juan', phone: null, balance: 70, overdue: 70, ...zero, over90: 70 },
        { clientId: 1, name: 'Ana', phone: null, balance: 25.5, overdue: 0, ...zero, days0to30: 25.5 },
      ],
      totals: { balance: 95.5, overdue: 70, days0to30: 25.5, days31to60: 0, days61to90: 0, over90: 70 },
    });
    expect(csv).toBe(
      '\uFEFF' +
        [
          'Cliente,Saldo,Vencido,0–30 días,31–60 días,61–90 días,Más de 90 días',
          '"Pérez, ""Don"" Juan",70.00,70.00,0.00,0.00,0.00,70.00',
          'Ana,25.50,0.00,25.50,0.00,0.00,0.00',
          'Total,95.50,70.00,25.50,0.00,0.00,70.00',
          '',
        ].join('\r\n'),
    );
  });

  it("writes a client's name that a spreadsheet would run as a formula as text, behind an apostrophe", () => {
    const names = ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", '@SUM(1)', '-1+1'];
    const csv = receivablesCsv({
      clients: names.map((name, i) => ({ clientId: i + 1, name, phone: null, balance: 1, overdue: 0, ...zero })),
      totals,
    });
    expect(
      csv
        .split('\r\n')
        .slice(1, 5)
        .map((line) => line.slice(0, line.indexOf(',1.00'))),
    ).toEqual([`"'=HYPERLINK(""http://x"")"`, `'+cmd|' /C calc'!A0`, `'@SUM(1)`, `'-1+1`]);
  });
});
