import { describe, expect, it } from 'vitest';
import {
  buildComprobante,
  validateComprobante,
  type Comprobante,
  type ComprobanteInput,
} from '../src/modules/invoicing/cfdi/index.js';
import { cfdiCorpus, EMISOR, LUGAR_EXPEDICION, RECEPTOR_MORAL, storedLine } from './helpers/cfdi-corpus.js';

// The validator refuses what the SAT would, with a Spanish message that names the field. A good
// document has no problems (the whole corpus is checked in cfdi-document.test.ts); each case
// below breaks one thing.

const iva16 = { ivaRate: '16', iepsRatePpm: null, iepsQuotaMicros: null } as const;
const iva0 = { ivaRate: '0', iepsRatePpm: null, iepsQuotaMicros: null } as const;
const cerveza = { ivaRate: '16', iepsRatePpm: 265_000, iepsQuotaMicros: null } as const;
const exento = { ivaRate: 'exento', iepsRatePpm: null, iepsQuotaMicros: null } as const;

const input: ComprobanteInput = {
  serie: 'A',
  folio: '17',
  issuedAt: Date.UTC(2026, 10, 27, 18, 0, 0),
  emisor: EMISOR,
  receptor: RECEPTOR_MORAL,
  lugarExpedicion: LUGAR_EXPEDICION,
  metodoPago: 'PUE',
  formaPago: '01',
  lines: [
    storedLine(11_600, 1000, iva16, { productName: 'Martillo' }),
    storedLine(5_000, 3000, cerveza, { productName: 'Cerveza' }),
    storedLine(2_150, 1250, iva0, { productName: 'Tortilla', satUnitCode: 'KGM' }),
    storedLine(700, 1000, exento, { productName: 'Libro' }),
  ],
};

/** A good comprobante, changed by `change`; its problems. */
function problemsAfter(change: (comprobante: Comprobante) => void): string[] {
  const comprobante = structuredClone(buildComprobante(input));
  comprobante.noCertificado = '30001000000500003416';
  change(comprobante);
  return validateComprobante(comprobante);
}

describe('validateComprobante', () => {
  it('finds nothing wrong in a good document', () => {
    expect(problemsAfter(() => {})).toEqual([]);
  });

  it('checks a nota de crédito: an egreso relates the invoice it credits, PUE, well-formed UUIDs', () => {
    const egreso = (c: Comprobante) => (c.tipoDeComprobante = 'E');
    expect(problemsAfter(egreso)).toEqual([
      'Una nota de crédito (egreso) debe relacionar la factura que acredita (CfdiRelacionados).',
    ]);
    expect(
      problemsAfter((c) => {
        egreso(c);
        c.metodoPago = 'PPD';
        c.formaPago = '99';
        c.cfdiRelacionados = [{ tipoRelacion: '01', uuids: ['no-es-un-uuid'] }];
      }),
    ).toEqual([
      "El UUID relacionado 'no-es-un-uuid' no tiene la forma de un folio fiscal.",
      'Una nota de crédito (egreso) se emite con MetodoPago PUE.',
    ]);
    expect(
      problemsAfter((c) => {
        egreso(c);
        c.cfdiRelacionados = [{ tipoRelacion: '01', uuids: ['5FB2822E-396D-4725-8521-CDC4BDD20CCF'] }];
      }),
    ).toEqual([]);
  });

  it('checks Anexo 20 arithmetic, naming the concept and the field', () => {
    expect(problemsAfter((c) => (c.conceptos[1]!.valorUnitario = '20.00'))).toEqual([
      'Concepto 2: el Importe no corresponde a Cantidad × ValorUnitario.',
    ]);
    expect(problemsAfter((c) => (c.conceptos[0]!.traslados[0]!.importe = '16.02'))).toContain(
      'Concepto 1: traslado de IVA: el Importe no corresponde a Base × TasaOCuota.',
    );
    expect(problemsAfter((c) => (c.conceptos[1]!.traslados[1]!.importe = '3.00'))).toContain(
      'Concepto 2: traslado de IEPS: el Importe no corresponde a Base × TasaOCuota.',
    );
  });

  it('accepts a tax within the tolerance and refuses one a centavo beyond it', () => {
    // Base 100.00 × 0.16 = 16.00: the limits are 15.99 (truncated) and 16.01 (rounded up).
    expect(problemsAfter((c) => (c.conceptos[0]!.traslados[0]!.importe = '15.99'))).not.toContain(
      'Concepto 1: traslado de IVA: el Importe no corresponde a Base × TasaOCuota.',
    );
    expect(problemsAfter((c) => (c.conceptos[0]!.traslados[0]!.importe = '15.98'))).toContain(
      'Concepto 1: traslado de IVA: el Importe no corresponde a Base × TasaOCuota.',
    );
  });

  it('recomputes the tax summary, SubTotal and Total', () => {
    expect(problemsAfter((c) => (c.subTotal = '1.00'))).toEqual([
      'El SubTotal no es la suma de los Importes de los conceptos (162.57).',
    ]);
    expect(problemsAfter((c) => (c.total = '1.00'))).toEqual([
      expect.stringMatching(/^El Total no es el SubTotal más los impuestos trasladados/),
    ]);
    expect(problemsAfter((c) => (c.impuestos!.traslados[0]!.importe = '0.01'))).toEqual([
      'Impuestos: el traslado de IVA Tasa 0.160000: el Importe no es la suma de los conceptos.',
    ]);
    expect(problemsAfter((c) => (c.impuestos!.totalImpuestosTrasladados = '0.01'))).toEqual([
      'Impuestos: el TotalImpuestosTrasladados no es la suma de los traslados.',
    ]);
    expect(problemsAfter((c) => c.impuestos!.traslados.splice(1, 1))).toContain(
      'Impuestos: falta el traslado de IEPS Tasa 0.265000.',
    );
    expect(problemsAfter((c) => (c.impuestos!.traslados.at(-1)!.base = '8.00'))).toContain(
      'Impuestos: el traslado de IVA Exento: la Base no es la suma de las de los conceptos.',
    );
  });

  it('checks the catalogues', () => {
    expect(problemsAfter((c) => (c.formaPago = '07'))).toEqual(["La FormaPago '07' no está en el catálogo del SAT."]);
    expect(problemsAfter((c) => (c.metodoPago = 'PPD'))).toEqual([
      "Con MetodoPago PPD la FormaPago debe ser '99' (Por definir).",
    ]);
    expect(problemsAfter((c) => (c.conceptos[2]!.claveUnidad = 'KILO'))).toEqual([
      "Concepto 3: la ClaveUnidad 'KILO' no está en el catálogo del SAT.",
    ]);
    expect(problemsAfter((c) => (c.conceptos[0]!.claveProdServ = '5020'))).toEqual([
      'Concepto 1: la ClaveProdServ debe ser una clave de 8 dígitos del SAT.',
    ]);
    expect(problemsAfter((c) => (c.emisor.regimenFiscal = '612'))).toEqual([
      "Emisor: el RegimenFiscal '612' no corresponde a una persona moral.",
    ]);
    expect(problemsAfter((c) => (c.receptor.regimenFiscalReceptor = '999'))).toContain(
      "Receptor: el RegimenFiscalReceptor '999' no está en el catálogo del SAT.",
    );
    expect(problemsAfter((c) => (c.receptor.usoCFDI = 'D01'))).toEqual([
      "Receptor: el UsoCFDI 'D01' no se permite con el régimen '601'.",
    ]);
    expect(problemsAfter((c) => (c.receptor.usoCFDI = 'P01'))).toEqual([
      "Receptor: el UsoCFDI 'P01' no está en el catálogo del SAT.",
    ]);
    expect(problemsAfter((c) => (c.conceptos[1]!.traslados[1]!.tasaOCuota = '0.270000'))).toContain(
      "Concepto 2: traslado de IEPS: la TasaOCuota '0.270000' no está en el catálogo del SAT.",
    );
  });

  it('checks the text fields and the shapes the schema asks for', () => {
    expect(problemsAfter((c) => (c.receptor.nombre = 'ACME | SA'))).toEqual([
      "Receptor: el Nombre no puede contener el carácter '|'.",
    ]);
    expect(problemsAfter((c) => (c.conceptos[0]!.descripcion = ' \t '))).toEqual([
      'Concepto 1: la Descripcion no tiene texto.',
    ]);
    expect(problemsAfter((c) => (c.conceptos[0]!.descripcion = 'Martillo\u0007'))).toEqual([
      'Concepto 1: la Descripcion tiene caracteres que no se pueden facturar.',
    ]);
    expect(problemsAfter((c) => (c.conceptos[0]!.descripcion = 'Martillo \uD800'))).toEqual([
      'Concepto 1: la Descripcion tiene caracteres que no se pueden facturar.',
    ]);
    expect(problemsAfter((c) => (c.emisor.rfc = 'EKU9003173C8'))).toEqual([
      'Emisor: El dígito verificador del RFC no coincide; revisa que esté bien escrito.',
    ]);
    expect(problemsAfter((c) => (c.lugarExpedicion = '6400'))).toContain(
      'El LugarExpedicion debe ser un código postal de 5 dígitos.',
    );
    expect(problemsAfter((c) => (c.fecha = '2026-11-27 12:00:00'))).toEqual([
      'La Fecha debe tener la forma AAAA-MM-DDThh:mm:ss.',
    ]);
    expect(problemsAfter((c) => (c.conceptos[0]!.cantidad = '1.1234567'))).toContain(
      'Concepto 1: la Cantidad debe ser un número con hasta 6 decimales.',
    );
    expect(problemsAfter((c) => (c.conceptos[3]!.traslados[0]!.importe = '0.00'))).toEqual([
      'Concepto 4: traslado de IVA: un traslado Exento no lleva TasaOCuota ni Importe.',
    ]);
  });

  it('checks the certificate number once sealed', () => {
    expect(validateComprobante(buildComprobante(input))).toEqual([]);
    expect(problemsAfter((c) => ((c.sello = 'c2VsbG8='), (c.noCertificado = '3000100000050000341')))).toEqual([
      'El NoCertificado debe tener 20 dígitos.',
    ]);
  });

  it('refuses a ValorUnitario of zero on an ingreso', () => {
    const free = buildComprobante({ ...input, lines: [storedLine(0, 1000, iva16)] });
    expect(validateComprobante(free)).toContain('Concepto 1: el ValorUnitario debe ser mayor que cero.');
  });

  it('checks a factura global: InformacionGlobal, the public receiver and its period', () => {
    const global = cfdiCorpus().find((entry) => entry.input.informacionGlobal)!.input;
    const good = buildComprobante(global);
    expect(validateComprobante(good)).toEqual([]);
    const without = { ...good, informacionGlobal: undefined };
    expect(validateComprobante(without)).toEqual([
      'Una factura global al PUBLICO EN GENERAL necesita InformacionGlobal.',
    ]);
    const badPeriod = { ...good, informacionGlobal: { periodicidad: '06', meses: '01', año: '2026' } };
    expect(validateComprobante(badPeriod)).toContain(
      "InformacionGlobal: la Periodicidad '06' no está en el catálogo del SAT.",
    );
    const bimester = { ...good, informacionGlobal: { periodicidad: '04', meses: '13', año: '2026' } };
    expect(validateComprobante(bimester)).toEqual([
      'InformacionGlobal: los Meses deben ser un bimestre (13 a 18) sólo con Periodicidad 05.',
    ]);
    const wrongUse = { ...good, receptor: { ...good.receptor, usoCFDI: 'G03' } };
    expect(validateComprobante(wrongUse)).toContain("Receptor: en una factura global el UsoCFDI es 'S01'.");
    const onClient = { ...good, receptor: RECEPTOR_MORAL };
    expect(validateComprobante(onClient)).toEqual([
      "InformacionGlobal sólo va con el Receptor XAXX010101000 'PUBLICO EN GENERAL'.",
      "Receptor: en una factura global el RegimenFiscalReceptor es '616'.",
      "Receptor: en una factura global el UsoCFDI es 'S01'.",
      'Receptor: en una factura global el DomicilioFiscalReceptor es el LugarExpedicion.',
    ]);
  });
});
