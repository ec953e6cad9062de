import { describe, expect, it } from 'vitest';
import { CfdiRefused, readSupplierCfdi } from '../src/modules/purchases-cfdi/index.js';
import { cfdi33WithTimbre, type SupplierInvoice, type SupplierLine } from './helpers/supplier-cfdi.js';

// The reader alone, on CFDIs written here: the cost rule on each kind of line, reading by
// namespace (not by prefix), and the refusals the API test does not reach.

const invoice = (lines: SupplierLine[]): SupplierInvoice => ({
  rfc: 'XIA190128J61',
  name: 'XENON INDUSTRIAL ARTICLES',
  folio: '9',
  fecha: '2026-11-26T09:30:00',
  lines,
});
const read = (xml: string) => readSupplierCfdi(Buffer.from(xml, 'utf8'));
const refusal = (xml: string) => {
  try {
    read(xml);
  } catch (error) {
    if (error instanceof CfdiRefused) return error.message;
    throw error;
  }
  throw new Error('read');
};
const line = (over: Partial<SupplierLine> = {}): SupplierLine => ({
  code: 'X-1',
  description: 'Artículo',
  quantity: '1',
  unitValue: '10.00',
  iva: '16',
  ...over,
});

describe('readSupplierCfdi', () => {
  it('costs each kind of line net of IVA with its IEPS, in millionths', () => {
    const cfdi = read(
      cfdi33WithTimbre(
        invoice([
          line({ iva: 'exento', quantity: '3', unitValue: '10.00' }),
          line({ iva: '8', quantity: '2', unitValue: '7.25', discount: '0.50' }),
          // A quantity with 6 decimals: the cost divides by it as written; the quantity is kept in milli.
          line({ iva: '0', quantity: '1.234567', unitValue: '10.00' }),
          line({ iva: '16', quantity: '6', unitValue: '20.00', ieps: { rate: '0.265000' } }),
        ]),
      ),
    );
    expect(cfdi.lines.map((l) => [l.ivaRate, l.quantityMilli, l.unitCostMicros])).toEqual([
      ['exento', 3000, 10_000_000n],
      // (14.50 − 0.50) / 2.
      ['8', 2000, 7_000_000n],
      // 12.35 / 1.234567 = 10.0035073… → 10 003 507.
      ['0', 1235, 10_003_507n],
      // (120.00 + 31.80) / 6.
      ['16', 6000, 25_300_000n],
    ]);
  });

  it('reads by namespace whatever the prefix, with a BOM, and names the supplier by RFC when it has no name', () => {
    const xml = cfdi33WithTimbre(invoice([line()]))
      .replace(/cfdi:/g, 'c:')
      .replace('xmlns:cfdi=', 'xmlns:c=')
      .replace(' Nombre="XENON INDUSTRIAL ARTICLES"', '');
    const cfdi = readSupplierCfdi(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml, 'utf8')]));
    expect(cfdi.emisor).toEqual({ rfc: 'XIA190128J61', name: 'XIA190128J61' });
    expect(cfdi.lines).toHaveLength(1);
  });

  it('refuses a Comprobante of no SAT namespace, a discount over the amount, and more than 200 conceptos', () => {
    const good = cfdi33WithTimbre(invoice([line()]));
    expect(refusal(good.replace('xmlns:cfdi="http://www.sat.gob.mx/cfd/3"', 'xmlns:cfdi="urn:otro"'))).toBe(
      'El archivo no es un CFDI (factura electrónica del SAT).',
    );
    expect(refusal(cfdi33WithTimbre(invoice([line({ iva: '0' }), line({ iva: '0', discount: '11.00' })])))).toBe(
      'El concepto 2 del CFDI tiene un descuento mayor que su importe.',
    );
    expect(refusal(cfdi33WithTimbre(invoice(Array.from({ length: 201 }, () => line()))))).toBe(
      'El CFDI tiene 201 conceptos; una compra lleva 200 como máximo.',
    );
    expect(refusal(good.replace(' Cantidad="1"', ' Cantidad="0"'))).toBe('El concepto 1 del CFDI tiene cantidad cero.');
  });
});
