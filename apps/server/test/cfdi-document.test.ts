import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateNumberOf } from '../src/modules/fiscal/fiscal.crypto.js';
import {
  buildComprobante,
  cadenaOriginal,
  comprobanteXml,
  sealComprobante,
  validateComprobante,
  verifySello,
  type SealedComprobante,
  type SealingCsd,
} from '../src/modules/invoicing/cfdi/index.js';
import { cfdiCorpus } from './helpers/cfdi-corpus.js';
import { makeCsd } from './helpers/csd.js';

// The CFDI document end to end, against the SAT's own files (apps/server/sat, see its README):
// every document of a varied corpus is built from stored lines, sealed with a SAT-shaped CSD,
// and then
// - its cadena original in code is byte-identical to what xsltproc makes with the SAT's
//   cadenaoriginal_4_0.xslt from the XML;
// - its seal verifies with the certificate's public key over the XSLT's cadena;
// - xmllint validates it against cfdv40.xsd;
// - the validator finds nothing to refuse.
// Tests only: the server computes the cadena itself (no xsltproc on a shop's machine).

// Tests run with the repository's root as the working directory.
const SAT = resolve('apps/server/sat/xml');
const XSLT = join(SAT, 'cfd/4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt');
const XSD = join(SAT, 'cfd/4/cfdv40.xsd');

const corpus = cfdiCorpus();
let dir: string;
let csd: SealingCsd;
let certificate: X509Certificate;
const documents: Array<{ name: string; sealed: SealedComprobante; xml: string; file: string }> = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-cfdi-'));
  const files = makeCsd({ rfc: 'EKU9003173C9' });
  certificate = new X509Certificate(files.cer);
  csd = {
    certificateNumber: certificateNumberOf(certificate),
    certificateDer: files.cer,
    privateKey: createPrivateKey(files.keyPem),
  };
  corpus.forEach(({ name, input }, index) => {
    const sealed = sealComprobante(buildComprobante(input), csd);
    const xml = comprobanteXml(sealed.comprobante);
    const file = join(dir, `cfdi-${index + 1}.xml`);
    writeFileSync(file, xml);
    documents.push({ name, sealed, xml, file });
  });
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const xsltCadena = (file: string) => execFileSync('xsltproc', [XSLT, file], { stdio: ['ignore', 'pipe', 'ignore'] });

describe('the CFDI corpus', () => {
  it('covers what the shop sells and how it invoices', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(20);
    const all = documents.map((document) => document.xml).join('\n');
    for (const needle of [
      'TasaOCuota="0.160000"',
      'TasaOCuota="0.080000"',
      'TasaOCuota="0.000000"',
      'TipoFactor="Exento"',
      'TipoFactor="Cuota"',
      'Impuesto="003" TipoFactor="Tasa"',
      'ClaveUnidad="KGM"',
      '<cfdi:InformacionGlobal',
      'TipoDeComprobante="E"',
      '<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID=',
      '<cfdi:CfdiRelacionados TipoRelacion="07">',
      'MetodoPago="PPD"',
      '&amp;',
      '&quot;',
      '&lt;',
      '&#9;',
      '&#10;',
      '&#13;',
      '\u00a0',
      '🎉',
      'ñ',
    ]) {
      expect(all, needle).toContain(needle);
    }
  });

  it("computes the cadena original byte for byte as the SAT's XSLT does", () => {
    for (const { name, sealed, file } of documents) {
      const expected = xsltCadena(file);
      expect(Buffer.from(sealed.cadena, 'utf8').equals(expected), name).toBe(true);
      expect(cadenaOriginal(sealed.comprobante), name).toBe(sealed.cadena);
    }
  });

  it("seals with SHA-256 RSA: the seal verifies with the certificate's public key over the XSLT's cadena", () => {
    expect(csd.certificateNumber).toMatch(/^\d{20}$/);
    for (const { name, sealed, file, xml } of documents) {
      const { comprobante } = sealed;
      expect(comprobante.noCertificado, name).toBe(csd.certificateNumber);
      expect(Buffer.from(comprobante.certificado!, 'base64').equals(certificate.raw), name).toBe(true);
      expect(xml, name).toContain(`Sello="${comprobante.sello}"`);
      expect(verifySello(xsltCadena(file).toString('utf8'), comprobante.sello!, certificate), name).toBe(true);
    }
    // A changed document no longer matches its seal.
    const [first] = documents;
    const tampered = first!.sealed.cadena.replace(first!.sealed.comprobante.total, '1.00');
    expect(verifySello(tampered, first!.sealed.comprobante.sello!, certificate)).toBe(false);
  });

  it("is valid against the SAT's cfdv40.xsd (xmllint)", () => {
    const result = spawnSync('xmllint', ['--noout', '--schema', XSD, ...documents.map((document) => document.file)], {
      encoding: 'utf8',
    });
    expect(result.stderr.split('\n').filter((line) => !line.endsWith(' validates') && line !== '')).toEqual([]);
    expect(result.status).toBe(0);
  });

  it('passes the validator (catalogues and Anexo 20 arithmetic)', () => {
    for (const { name, sealed } of documents) expect(validateComprobante(sealed.comprobante), name).toEqual([]);
  });

  it("writes the SAT's namespaces and schema location", () => {
    const { xml } = documents[0]!;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<cfdi:Comprobante')).toBe(true);
    expect(xml).toContain('xmlns:cfdi="http://www.sat.gob.mx/cfd/4"');
    expect(xml).toContain('xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"');
    expect(xml).toContain(
      'xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd"',
    );
    expect(xml).toContain('Version="4.0"');
  });
});
