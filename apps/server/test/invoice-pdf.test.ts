import { execFileSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { amountInWords, type InvoiceStatus } from '@mostrador/shared';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePac, type FakePac } from '../scripts/fake-pac/fake-pac.js';
import { satFile, transform } from '../scripts/fake-pac/sat-tools.js';
import { certificateNumberOf } from '../src/modules/fiscal/fiscal.crypto.js';
import {
  buildComprobante,
  comprobanteXml,
  sealComprobante,
  type ComprobanteInput,
  type SealingCsd,
} from '../src/modules/invoicing/cfdi/index.js';
import { SwSapienPac, type StampResult } from '../src/modules/invoicing/pac/index.js';
import {
  invoicePdf,
  qrTotal,
  readStampedCfdi,
  satVerificationUrl,
  tfdCadenaOriginal,
  UnreadableCfdiError,
} from '../src/modules/invoicing/pdf/index.js';
import { centsOf, cfdiDateTime, money, percent } from '../src/modules/invoicing/pdf/invoice-texts.js';
import type { BusinessInfo } from '../src/modules/printing/index.js';
import { cfdiCorpus, EMISOR, LUGAR_EXPEDICION, RECEPTOR_FISICA, storedLine } from './helpers/cfdi-corpus.js';
import { FIXTURE_RFC, sealedCfdi } from './helpers/cfdi-fixture.js';
import { makeCsd, type CsdFiles } from './helpers/csd.js';
import { PNG_LOGO } from './helpers/factories.js';
import { pdfText } from './helpers/pdf.js';

// The invoice's printed representation from CFDIs stamped by the fake PAC (a real TFD 1.1 signed
// over the SAT's XSLT): what pdftotext reads in the PDF, the QR decoded from the rendered page,
// the TFD's cadena original against xsltproc, and the QR's URL by the SAT's rules.

const SHOP: BusinessInfo = {
  name: 'Abarrotes La Güera',
  details: ['Av. Juárez 123, Centro, Monterrey, N.L.', 'Tel. 81 1234 5678'],
  footer: [],
  logo: null,
};

let fake: FakePac;
let pac: SwSapienPac;
let files: CsdFiles;
let csd: SealingCsd;
/** The hand-written fixture (SubTotal 150.00, Descuento 10.00, IVA 14.40, Total 154.40). */
let simple: StampResult;
/** Every tax kind, a física receptor, serie A folio 1234. */
let mixed: StampResult;
/** A factura global (InformacionGlobal). */
let global: StampResult;
/** 60 concepts. */
let long: StampResult;

const stampInput = (input: ComprobanteInput) =>
  pac.stamp(comprobanteXml(sealComprobante(buildComprobante(input), csd).comprobante));

beforeAll(async () => {
  files = makeCsd({ rfc: FIXTURE_RFC });
  csd = {
    certificateNumber: certificateNumberOf(new X509Certificate(files.cer)),
    certificateDer: files.cer,
    privateKey: createPrivateKey(files.keyPem),
  };
  fake = await startFakePac();
  pac = new SwSapienPac({ url: fake.url, user: fake.user, password: fake.password, timeoutMs: 20_000 });
  const corpus = cfdiCorpus();
  const allTaxes = corpus.find((entry) => entry.name.startsWith('15: '))!.input;
  simple = await pac.stamp(await sealedCfdi({ csd: files, folio: '77' }));
  mixed = await stampInput({ ...allTaxes, serie: 'A', folio: '1234', receptor: RECEPTOR_FISICA, emisor: EMISOR });
  global = await stampInput(corpus.find((entry) => entry.name.includes('(global)'))!.input);
  long = await stampInput({
    serie: 'A',
    folio: '1300',
    issuedAt: Date.UTC(2026, 10, 27, 17),
    emisor: EMISOR,
    receptor: RECEPTOR_FISICA,
    lugarExpedicion: LUGAR_EXPEDICION,
    metodoPago: 'PUE',
    formaPago: '01',
    lines: Array.from({ length: 60 }, (_, i) =>
      storedLine(
        1000 + i * 137,
        1000 * (1 + (i % 4)),
        { ivaRate: '16', iepsRatePpm: null, iepsQuotaMicros: null },
        {
          productName: `Artículo de prueba número ${i + 1}`,
        },
      ),
    ),
  });
}, 120_000);

afterAll(() => fake.stop());

// INVOICE_PDF_OUT=<dir> keeps the PDFs made here, to look at them.
if (process.env.INVOICE_PDF_OUT) {
  it('writes sample PDFs', async () => {
    const out = process.env.INVOICE_PDF_OUT!;
    writeFileSync(join(out, 'simple.xml'), simple.cfdi);
    writeFileSync(join(out, 'simple-letter.pdf'), await pdf(simple));
    writeFileSync(join(out, 'simple-80mm.pdf'), await pdf(simple, '80mm'));
    writeFileSync(join(out, 'mixed-letter.pdf'), await pdf(mixed));
    writeFileSync(join(out, 'global-letter.pdf'), await pdf(global));
    writeFileSync(join(out, 'long-letter-cancelled.pdf'), await pdf(long, 'letter', 'cancelled'));
    writeFileSync(join(out, 'mixed-80mm-cancelled.pdf'), await pdf(mixed, '80mm', 'cancelled'));
  });
}

const pdf = (stamp: StampResult, format: 'letter' | '80mm' = 'letter', status: InvoiceStatus = 'stamped') =>
  invoicePdf({ stampedXml: stamp.cfdi, format, shop: SHOP, status });

/** The PDF's text with all white space removed: the seals wrap anywhere. */
const compact = (text: string) => text.replace(/\s+/g, '');

function pageCount(document: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-invoice-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), document);
    return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [join(dir, 'doc.pdf')], { encoding: 'utf8' }))![1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The text of the QR code on a page rendered by pdftoppm (PPM, read here) and read by jsQR, at
 * the first of a few resolutions where jsQR finds it (a phone's camera gets many tries too).
 */
function qrOnPage(document: Buffer, page: number): string | null {
  for (const dpi of [150, 110, 200]) {
    const text = qrAt(document, page, dpi);
    if (text !== null) return text;
  }
  return null;
}

function qrAt(document: Buffer, page: number, dpi: number): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-invoice-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), document);
    const prefix = join(dir, 'page');
    const pages = ['-f', String(page), '-l', String(page)];
    execFileSync('pdftoppm', ['-r', String(dpi), ...pages, '-singlefile', join(dir, 'doc.pdf'), prefix]);
    const ppm = readFileSync(`${prefix}.ppm`);
    // P6 <width> <height> <maxval>\n then RGB bytes.
    const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 50).toString('latin1'))!;
    const width = Number(header[1]);
    const height = Number(header[2]);
    const rgb = ppm.subarray(header[0].length);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba[i * 4] = rgb[i * 3]!;
      rgba[i * 4 + 1] = rgb[i * 3 + 1]!;
      rgba[i * 4 + 2] = rgb[i * 3 + 2]!;
      rgba[i * 4 + 3] = 255;
    }
    return jsQR(rgba, width, height)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('satVerificationUrl', () => {
  it("writes the SAT's verification URL: id, re, rr, tt without non-significant zeros, fe the seal's last 8", () => {
    expect(
      satVerificationUrl({
        uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
        rfcEmisor: 'EKU9003173C9',
        rfcReceptor: 'XIA190128J61',
        total: '154.40',
        sello: 'abcdefghijklmnopqrstuvwxyz0123456789+/AbCdEfGh==',
      }),
    ).toBe(
      'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=5FB2822E-396D-4725-8521-CDC4BDD20CCF' +
        '&re=EKU9003173C9&rr=XIA190128J61&tt=154.4&fe=CdEfGh==',
    );
  });

  it("writes an RFC's & as &amp; and keeps its Ñ", () => {
    const url = satVerificationUrl({
      uuid: 'U',
      rfcEmisor: 'Ñ&A010101AAA',
      rfcReceptor: 'XAXX010101000',
      total: '1000.00',
      sello: '12345678',
    });
    expect(url).toBe(
      'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=U&re=Ñ&amp;A010101AAA&rr=XAXX010101000&tt=1000.0&fe=12345678',
    );
  });

  it('writes tt with at most 6 decimals and at least one', () => {
    expect(qrTotal('154.40')).toBe('154.4');
    expect(qrTotal('1000.00')).toBe('1000.0');
    expect(qrTotal('0.00')).toBe('0.0');
    expect(qrTotal('0.05')).toBe('0.05');
    expect(qrTotal('007.10')).toBe('7.1');
    expect(qrTotal('12')).toBe('12.0');
    expect(qrTotal('1234567.123456')).toBe('1234567.123456');
    expect(() => qrTotal('1.1234567')).toThrow(RangeError);
    expect(() => qrTotal('-1.00')).toThrow(RangeError);
  });
});

describe('how the PDF writes amounts, rates and dates', () => {
  it('groups amounts by their digits, never through a float, and writes rates as percentages', () => {
    expect(money('1234567.89')).toBe('$1,234,567.89');
    expect(money('999.999999')).toBe('$999.999999');
    expect(money('0.00')).toBe('$0.00');
    expect(centsOf('90071992547409.91')).toBe(9_007_199_254_740_991);
    expect(centsOf('154.4')).toBe(15_440);
    expect(() => centsOf('1.005')).toThrow(RangeError);
    expect(percent('0.160000')).toBe('16');
    expect(percent('0.080000')).toBe('8');
    expect(percent('0.000000')).toBe('0');
    expect(percent('0.265000')).toBe('26.5');
    expect(percent('1.600000')).toBe('160');
    expect(percent('0.030450')).toBe('3.045');
    expect(cfdiDateTime('2026-11-27T08:05:09')).toBe('27/11/2026 08:05:09');
  });
});

describe("the TFD's cadena original", () => {
  it('is byte-identical to xsltproc over cadenaoriginal_TFD_1_1.xslt for every stamped fixture', async () => {
    for (const stamp of [simple, mixed, global, long]) {
      const tfd = /<tfd:TimbreFiscalDigital [^>]*\/>/.exec(stamp.cfdi)![0];
      const expected = await transform(satFile('tfdCadena'), tfd);
      expect(tfdCadenaOriginal(readStampedCfdi(stamp.cfdi).timbre)).toBe(expected);
      expect(expected).toBe(stamp.cadenaOriginalSAT);
      expect(expected.startsWith(`||1.1|${stamp.uuid}|${stamp.fechaTimbrado}|SPR190613I52|`)).toBe(true);
    }
  });

  it('writes a Leyenda when present and collapses white space as the XSLT does', async () => {
    const tfd =
      '<tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" ' +
      'UUID="5FB2822E-396D-4725-8521-CDC4BDD20CCF" FechaTimbrado="2026-11-27T10:15:00" RfcProvCertif="SPR190613I52" ' +
      'Leyenda="  Una&#9;leyenda   con  espacios&#10;" SelloCFD="abc==" NoCertificadoSAT="00001000000700000001" SelloSAT="x"/>';
    const expected = await transform(satFile('tfdCadena'), tfd);
    expect(expected).toBe(
      '||1.1|5FB2822E-396D-4725-8521-CDC4BDD20CCF|2026-11-27T10:15:00|SPR190613I52|Una leyenda con espacios|abc==|00001000000700000001||',
    );
    const xml = simple.cfdi.replace(/<tfd:TimbreFiscalDigital [^>]*\/>/, tfd);
    expect(tfdCadenaOriginal(readStampedCfdi(xml).timbre)).toBe(expected);
  });
});

describe('readStampedCfdi', () => {
  it('reads the stamped values exactly as written', () => {
    const cfdi = readStampedCfdi(simple.cfdi);
    expect(cfdi.serie).toBe('A');
    expect(cfdi.folio).toBe('77');
    expect(cfdi.total).toBe('154.40');
    expect(cfdi.descuento).toBe('10.00');
    expect(cfdi.receptor).toEqual({
      rfc: 'XIA190128J61',
      nombre: 'XENON INDUSTRIAL ARTICLES',
      domicilioFiscalReceptor: '76343',
      regimenFiscalReceptor: '601',
      usoCFDI: 'G03',
    });
    expect(cfdi.conceptos).toHaveLength(2);
    expect(cfdi.conceptos[0]!.traslados).toEqual([
      { base: '90.00', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', importe: '14.40' },
    ]);
    expect(cfdi.timbre.uuid).toBe(simple.uuid);
    expect(cfdi.timbre.selloSAT).toBe(simple.selloSAT);
    expect(readStampedCfdi(global.cfdi).informacionGlobal).toEqual({ periodicidad: '01', meses: '06', año: '2026' });
  });

  it('refuses a DOCTYPE, an entity, an unstamped CFDI and what is not a CFDI 4.0', async () => {
    const doctype = simple.cfdi.replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    );
    expect(() => readStampedCfdi(doctype)).toThrow(UnreadableCfdiError);
    expect(() => readStampedCfdi(simple.cfdi.replace('XENON INDUSTRIAL ARTICLES', '&e;'))).toThrow(UnreadableCfdiError);
    const unstamped = await sealedCfdi({ csd: files, folio: '78' });
    expect(() => readStampedCfdi(unstamped)).toThrow(/no está timbrado/);
    expect(() => readStampedCfdi('<a/>')).toThrow(/no es un CFDI 4.0/);
    expect(() => readStampedCfdi('no es xml')).toThrow(UnreadableCfdiError);
  });
});

describe('invoicePdf on letter', () => {
  it('prints the folio, parties, concepts, totals, the total in words, the stamp, the seals and the cadena', async () => {
    const document = await pdf(simple);
    expect(document.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(document);
    const cfdi = readStampedCfdi(simple.cfdi);
    for (const expected of [
      'Factura A-77',
      'Abarrotes La Güera',
      'PUE - Pago en una sola exhibición',
      'Av. Juárez 123, Centro, Monterrey, N.L.',
      'Fecha de emisión',
      '27/11/2026 10:15:00',
      'Lugar de expedición',
      '64000',
      'I - Ingreso',
      'EKU9003173C9',
      'ESCUELA KEMPER URGATE',
      '601 - General de Ley Personas Morales',
      'XIA190128J61',
      'XENON INDUSTRIAL ARTICLES',
      '76343',
      'G03 - Gastos en general',
      '01 - Efectivo',
      'MXN',
      '01 - No aplica',
      '50202306',
      'Refresco de cola 600 ml',
      'No. identificación: 7501055300075',
      'H87 Pieza',
      '$50.00',
      '$100.00',
      'IVA 16 %: base $90.00, importe $14.40',
      'Leche entera 1 L',
      'IVA 0 %: base $50.00, importe $0.00',
      'Subtotal $150.00',
      'Descuento -$10.00',
      'IVA 16 % $14.40',
      'IVA 0 % $0.00',
      'Total $154.40',
      'CIENTO CINCUENTA Y CUATRO PESOS 40/100 M.N.',
      'Folio fiscal (UUID)',
      simple.uuid,
      cfdi.noCertificado,
      simple.noCertificadoSAT,
      'SPR190613I52',
      'Este documento es una representación impresa de un CFDI 4.0.',
      'Página 1 de 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CANCELADA');
    const flat = compact(text);
    expect(flat).toContain(compact(`Sello digital del CFDI${cfdi.sello}`));
    expect(flat).toContain(compact(`Sello digital del SAT${simple.selloSAT}`));
    expect(flat).toContain(simple.cadenaOriginalSAT);
  });

  it("carries a QR that decodes to the SAT's verification URL", async () => {
    const cfdi = readStampedCfdi(simple.cfdi);
    const url = satVerificationUrl({
      uuid: simple.uuid,
      rfcEmisor: FIXTURE_RFC,
      rfcReceptor: 'XIA190128J61',
      total: '154.40',
      sello: cfdi.sello,
    });
    expect(url).toBe(
      `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=${simple.uuid}&re=${FIXTURE_RFC}&rr=XIA190128J61&tt=154.4&fe=${cfdi.sello.slice(-8)}`,
    );
    expect(qrOnPage(await pdf(simple), 1)).toBe(url);
  });

  it('prints every tax kind by rate and cuota, with exento concepts, and a factura global', async () => {
    const text = pdfText(await pdf(mixed));
    const cfdi = readStampedCfdi(mixed.cfdi);
    expect(text).toContain('Factura A-1234');
    expect(text).toContain('KARLA FUENTE NOLASCO');
    expect(text).toContain('612 - Personas Físicas con Actividades Empresariales y Profesionales');
    expect(text).toContain('IVA exento: base');
    // A cuota's base is the quantity, not money.
    const cuota = cfdi.conceptos.flatMap((c) => c.traslados).find((t) => t.tasaOCuota === '1.645100')!;
    expect(text).toContain(`IEPS cuota $1.6451: base ${cuota.base}, importe $${cuota.importe}`);
    expect(text).toContain('IEPS 26.5 %');
    expect(text).toContain('IEPS 160 %');
    expect(text).toContain('IVA 8 %');
    expect(text).toContain(`Total ${'$'}${cfdi.total.replace(/\B(?=(\d{3})+(?!\d))/, ',')}`);
    for (const tax of cfdi.traslados.filter((t) => t.importe !== undefined)) {
      expect(text).toContain(tax.importe!.replace(/\B(?=(\d{3})+(?!\d)\.)/g, ','));
    }
    const [whole, cents] = cfdi.total.split('.');
    expect(text).toContain(amountInWords(Number(whole) * 100 + Number(cents)));

    const globalText = pdfText(await pdf(global));
    expect(globalText).toContain('Información global');
    expect(globalText).toContain('01 - Diario');
    expect(globalText).toContain('06 - Junio');
    expect(globalText).toContain('XAXX010101000');
    expect(globalText).toContain('PUBLICO EN GENERAL');
    expect(globalText).toContain('S01 - Sin efectos fiscales');
  });

  it('marks a cancelled invoice CANCELADA on every page', async () => {
    const document = await pdf(long, 'letter', 'cancelled');
    const pages = pageCount(document);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(document);
    for (let page = 1; page <= pages; page++) {
      expect(text).toContain(`${long.uuid} · CANCELADA Página ${page} de ${pages}`);
    }
    expect(pdfText(await pdf(simple, 'letter', 'cancelled'))).toContain('CANCELADA');
  });

  it('paginates 60 concepts: every one printed once, the header repeated, pages numbered', async () => {
    const document = await pdf(long);
    const pages = pageCount(document);
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = pdfText(document);
    for (let i = 1; i <= 60; i++) {
      expect(text.match(new RegExp(`Artículo de prueba número ${i}(?!\\d)`, 'g'))).toHaveLength(1);
    }
    expect(text.match(/Clave SAT Cantidad Unidad Descripción/g)!.length).toBeGreaterThanOrEqual(pages);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(compact(text)).toContain(long.cadenaOriginalSAT);
    expect(qrOnPage(document, pages)).toMatch(
      /^https:\/\/verificacfdi\.facturaelectronica\.sat\.gob\.mx\/default\.aspx\?id=/,
    );
  });
});

/** How many images pdfimages lists in a PDF. */
function imageCount(document: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-invoice-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), document);
    const list = execFileSync('pdfimages', ['-list', join(dir, 'doc.pdf')], { encoding: 'utf8' });
    return list.trim().split('\n').length - 2; // two header lines
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the shop's logo", () => {
  it('heads both papers when the shop has one, and nothing is drawn when it has none', async () => {
    const logo = { data: Buffer.from(PNG_LOGO.split(',')[1]!, 'base64'), type: 'image/png' };
    for (const format of ['letter', '80mm'] as const) {
      expect(imageCount(await pdf(simple, format))).toBe(0);
      const withLogo = await invoicePdf({
        stampedXml: simple.cfdi,
        format,
        shop: { ...SHOP, logo },
        status: 'stamped',
      });
      expect(imageCount(withLogo)).toBeGreaterThan(0); // with its alpha mask, two
      expect(pdfText(withLogo)).toContain('Abarrotes La Güera');
    }
  });
});

describe('invoicePdf on an 80 mm roll', () => {
  it('prints the same content in one narrow page, with a QR that decodes', async () => {
    const document = await pdf(simple, '80mm');
    expect(pageCount(document)).toBe(1);
    const text = pdfText(document);
    for (const expected of [
      'Factura A-77',
      simple.uuid,
      'XENON INDUSTRIAL ARTICLES',
      'Refresco de cola 600 ml',
      'Leche entera 1 L',
      'Total $154.40',
      'CIENTO CINCUENTA Y CUATRO PESOS 40/100 M.N.',
      'Este documento es una representación impresa de un CFDI 4.0.',
    ]) {
      expect(text).toContain(expected);
    }
    const flat = compact(text);
    expect(flat).toContain(readStampedCfdi(simple.cfdi).sello);
    expect(flat).toContain(simple.selloSAT);
    expect(flat).toContain(simple.cadenaOriginalSAT);
    expect(qrOnPage(document, 1)).toBe(
      satVerificationUrl({
        uuid: simple.uuid,
        rfcEmisor: FIXTURE_RFC,
        rfcReceptor: 'XIA190128J61',
        total: '154.40',
        sello: readStampedCfdi(simple.cfdi).sello,
      }),
    );
    expect(pdfText(await pdf(simple, '80mm', 'cancelled'))).toContain('CANCELADA');
  });

  it('prints 60 concepts on the roll', async () => {
    const text = pdfText(await pdf(long, '80mm'));
    for (let i = 1; i <= 60; i++) expect(text).toContain(`Artículo de prueba número ${i}`);
  });

  it("goes on to more pages only past a PDF page's 200-inch limit", async () => {
    const stamp = await stampInput({
      serie: 'A',
      folio: '1301',
      issuedAt: Date.UTC(2026, 10, 27, 17),
      emisor: EMISOR,
      receptor: RECEPTOR_FISICA,
      lugarExpedicion: LUGAR_EXPEDICION,
      metodoPago: 'PUE',
      formaPago: '01',
      lines: Array.from({ length: 400 }, (_, i) =>
        storedLine(
          1000 + i,
          1000,
          { ivaRate: '16', iepsRatePpm: null, iepsQuotaMicros: null },
          {
            productName: `Renglón ${i + 1}`,
          },
        ),
      ),
    });
    const document = await pdf(stamp, '80mm');
    expect(pageCount(document)).toBeGreaterThan(1);
    const text = pdfText(document);
    for (let i = 1; i <= 400; i++) expect(text.match(new RegExp(`Renglón ${i}(?!\\d)`, 'g'))).toHaveLength(1);
    expect(compact(text)).toContain(stamp.cadenaOriginalSAT);
  });
});
