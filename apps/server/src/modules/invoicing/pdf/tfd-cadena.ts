import { normalizeSpace } from '../cfdi/cadena.js';
import type { TimbreFiscalDigital } from './stamped-cfdi.js';

// The cadena original del complemento de certificación digital del SAT, printed on the invoice,
// as the SAT's cadenaoriginal_TFD_1_1.xslt makes it: '|' + each field preceded by '|', then '||';
// Version, UUID, FechaTimbrado, RfcProvCertif, Leyenda (only when the attribute is there, even
// empty: the XSLT tests the node), SelloCFD, NoCertificadoSAT; each value through XPath's
// normalize-space. invoice-pdf.test.ts proves it identical to xsltproc's output.

export function tfdCadenaOriginal(tfd: TimbreFiscalDigital): string {
  const fields = [tfd.version, tfd.uuid, tfd.fechaTimbrado, tfd.rfcProvCertif];
  if (tfd.leyenda !== undefined) fields.push(tfd.leyenda);
  fields.push(tfd.selloCFD, tfd.noCertificadoSAT);
  return `||${fields.map(normalizeSpace).join('|')}||`;
}
