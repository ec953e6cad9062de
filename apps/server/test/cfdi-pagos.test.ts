import { X509Certificate, createPrivateKey } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { satFile, schemaProblems, transform } from '../scripts/fake-pac/sat-tools.js';
import { certificateNumberOf } from '../src/modules/fiscal/fiscal.crypto.js';
import {
  buildPagos,
  cadenaOriginal,
  type Comprobante,
  comprobanteXml,
  type PaidInvoice,
  type PagoInput,
  sealComprobante,
  type SealingCsd,
  validateComprobante,
} from '../src/modules/invoicing/cfdi/index.js';
import { EMISOR, LUGAR_EXPEDICION, RECEPTOR_MORAL } from './helpers/cfdi-corpus.js';
import { makeCsd } from './helpers/csd.js';

// The complemento de pago's document alone (decision 097): the proportional taxes and their
// rounding on exact values, and on a small corpus of comprobantes P its cadena in TS byte for
// byte the SAT's XSLT's (cadenaoriginal_4_0.xslt includes Pagos20.xslt), the XML valid against
// the CFDI schema with Pagos 2.0, nothing the validator refuses.

const UUID = '5EB3E621-736F-49C1-B87D-E1E8ADBE5583';
const invoice = (paid: PaidInvoice['paidCents'], overrides: Partial<PaidInvoice> = {}): PaidInvoice => ({
  uuid: UUID,
  series: 'A',
  folio: 12,
  totalCents: 116_000,
  previousBalanceCents: 116_000,
  installment: 1,
  paidCents: paid,
  traslados: [{ base: '1000.00', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', importe: '160.00' }],
  ...overrides,
});

describe('the Pagos of an abono', () => {
  it("takes the invoice's taxes in proportion to what was paid (the guide's example: 580 of 1,160)", () => {
    const pagos = buildPagos({ fechaPago: '2026-11-27T10:00:00', formaDePagoP: '03', invoices: [invoice(58_000)] });
    const [pago] = pagos.pagos;
    expect(pago!.doctos[0]).toMatchObject({
      numParcialidad: '1',
      impSaldoAnt: '1160.00',
      impPagado: '580.00',
      impSaldoInsoluto: '580.00',
      objetoImpDR: '02',
      trasladosDR: [{ base: '500.00', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', importe: '80.00' }],
    });
    expect(pagos.totales).toEqual({
      totalTrasladosBaseIVA16: '500.00',
      totalTrasladosImpuestoIVA16: '80.00',
      montoTotalPagos: '580.00',
    });
  });

  it('rounds BaseDR half up to the centavo and ImporteDR as BaseDR × tasa; a Cuota by proportion; Exento base only', () => {
    // 52.50 paid of 116.00: base 100 × 52.5/116 = 45.2586… → 45.26; IVA 45.26 × 0.16 = 7.2416 → 7.24.
    const pagos = buildPagos({
      fechaPago: '2026-11-27T10:00:00',
      formaDePagoP: '01',
      invoices: [
        invoice(5_250, {
          totalCents: 11_600,
          previousBalanceCents: 11_600,
          traslados: [
            { base: '100.00', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', importe: '16.00' },
          ],
        }),
        invoice(1_000, {
          uuid: 'A7A33963-8F89-4AFE-9ACF-5A6A0A49CEED',
          totalCents: 3_000,
          previousBalanceCents: 3_000,
          traslados: [
            { base: '20.00', impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: '1.000000', importe: '5.00' },
            { base: '25.00', impuesto: '002', tipoFactor: 'Exento' },
          ],
        }),
      ],
    });
    const [pago] = pagos.pagos;
    expect(pago!.doctos.map((d) => d.trasladosDR)).toEqual([
      [{ base: '45.26', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', importe: '7.24' }],
      [
        { base: '6.67', impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: '1.000000', importe: '1.67' },
        { base: '8.33', impuesto: '002', tipoFactor: 'Exento' },
      ],
    ]);
    expect(pago!.trasladosP).toEqual([
      { base: '45.26', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', importe: '7.24' },
      { base: '6.67', impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: '1.000000', importe: '1.67' },
      { base: '8.33', impuesto: '002', tipoFactor: 'Exento' },
    ]);
    expect(pagos.totales).toEqual({
      totalTrasladosBaseIVA16: '45.26',
      totalTrasladosImpuestoIVA16: '7.24',
      totalTrasladosBaseIVAExento: '8.33',
      montoTotalPagos: '62.50',
    });
  });

  it('has ObjetoImpDR 01 and no taxes for an invoice without traslados', () => {
    const pagos = buildPagos({
      fechaPago: '2026-11-27T10:00:00',
      formaDePagoP: '04',
      invoices: [invoice(100, { traslados: [] })],
    });
    expect(pagos.pagos[0]!.doctos[0]).toMatchObject({ objetoImpDR: '01', trasladosDR: [] });
    expect(pagos.totales).toEqual({ montoTotalPagos: '1.00' });
  });
});

describe("a client's month (one Pago per abono)", () => {
  it('keeps each Pago its own and sums them all in Totales', () => {
    const pagos = buildPagos([
      { fechaPago: '2026-11-03T10:00:00', formaDePagoP: '01', invoices: [invoice(58_000)] },
      {
        fechaPago: '2026-11-20T10:00:00',
        formaDePagoP: '03',
        invoices: [invoice(58_000, { previousBalanceCents: 58_000, installment: 2 })],
      },
    ]);
    expect(pagos.pagos.map((pago) => [pago.fechaPago, pago.formaDePagoP, pago.monto])).toEqual([
      ['2026-11-03T10:00:00', '01', '580.00'],
      ['2026-11-20T10:00:00', '03', '580.00'],
    ]);
    expect(pagos.pagos[1]!.doctos[0]).toMatchObject({
      numParcialidad: '2',
      impSaldoAnt: '580.00',
      impPagado: '580.00',
      impSaldoInsoluto: '0.00',
    });
    expect(pagos.totales).toEqual({
      totalTrasladosBaseIVA16: '1000.00',
      totalTrasladosImpuestoIVA16: '160.00',
      montoTotalPagos: '1160.00',
    });
  });
});

describe('the comprobante de pago', () => {
  let csd: SealingCsd;
  beforeAll(() => {
    const files = makeCsd({ rfc: EMISOR.rfc });
    const certificate = new X509Certificate(files.cer);
    csd = {
      certificateNumber: certificateNumberOf(certificate),
      certificateDer: files.cer,
      privateKey: createPrivateKey(files.keyPem),
    };
  });

  const comprobante = (nombre: string, invoices: PaidInvoice[], later: PagoInput[] = []): Comprobante => ({
    serie: 'P',
    folio: '3',
    fecha: '2026-11-27T10:00:00',
    noCertificado: '',
    subTotal: '0',
    moneda: 'XXX',
    total: '0',
    tipoDeComprobante: 'P',
    exportacion: '01',
    lugarExpedicion: LUGAR_EXPEDICION,
    emisor: EMISOR,
    receptor: { ...RECEPTOR_MORAL, nombre, usoCFDI: 'CP01' },
    conceptos: [
      {
        claveProdServ: '84111506',
        cantidad: '1',
        claveUnidad: 'ACT',
        descripcion: 'Pago',
        valorUnitario: '0',
        importe: '0',
        objetoImp: '01',
        traslados: [],
      },
    ],
    pagos: buildPagos([{ fechaPago: '2026-11-26T18:30:05', formaDePagoP: '01', invoices }, ...later]),
  });

  const corpus: Array<[string, Comprobante]> = [
    ['one invoice, IVA 16', comprobante(RECEPTOR_MORAL.nombre, [invoice(58_000)])],
    [
      'three invoices, a name with & and spaces',
      comprobante('XENON  &  "INDUSTRIAL"\tARTICLES', [
        invoice(5_250),
        invoice(3_500, { uuid: '7B38CD52-95D3-49B5-8F31-316CAF7D430D', folio: 13, installment: 2 }),
        invoice(100, {
          uuid: 'A7A33963-8F89-4AFE-9ACF-5A6A0A49CEED',
          traslados: [
            { base: '800.00', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.000000', importe: '0.00' },
            { base: '200.00', impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: '0.080000', importe: '16.00' },
            { base: '144.00', impuesto: '002', tipoFactor: 'Exento' },
          ],
        }),
      ]),
    ],
    ['no taxes', comprobante(RECEPTOR_MORAL.nombre, [invoice(100, { traslados: [] })])],
    [
      "a client's month: three Pagos, one invoice in two of them",
      comprobante(
        RECEPTOR_MORAL.nombre,
        [invoice(58_000)],
        [
          {
            fechaPago: '2026-11-28T09:15:00',
            formaDePagoP: '03',
            invoices: [
              invoice(20_000, { previousBalanceCents: 58_000, installment: 2 }),
              invoice(1_000, { uuid: '7B38CD52-95D3-49B5-8F31-316CAF7D430D', folio: 13, traslados: [] }),
            ],
          },
          {
            fechaPago: '2026-11-30T20:00:00',
            formaDePagoP: '04',
            invoices: [invoice(38_000, { previousBalanceCents: 38_000, installment: 3 })],
          },
        ],
      ),
    ],
  ];

  it("is valid, and its cadena in code is byte for byte the SAT's XSLT's", async () => {
    for (const [name, document] of corpus) {
      expect(validateComprobante(document), name).toEqual([]);
      const sealed = sealComprobante(document, csd);
      const xml = comprobanteXml(sealed.comprobante);
      expect(await schemaProblems(satFile('stampedSchema'), xml), name).toEqual([]);
      const xslt = await transform(satFile('cfdiCadena'), xml);
      expect(sealed.cadena, name).toBe(xslt);
      expect(cadenaOriginal(sealed.comprobante), name).toBe(xslt);
      expect(xslt, name).toContain('|2.0|');
    }
  });
});
