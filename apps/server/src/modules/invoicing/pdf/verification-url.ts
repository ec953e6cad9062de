// The QR of a CFDI 4.0's printed representation (Anexo 20, 'código de barras bidimensional'):
// the SAT's verification page with id (the UUID), re and rr (the RFCs; an '&' in one written
// '&amp;', as the standard says), tt (the Total with its non-significant zeros left out but one
// decimal kept: 154.40 → 154.4, 1000.00 → 1000.0) and fe (the last 8 characters of the CFDI's
// Sello). The same rules phpcfdi's cfdi-expresiones follows.

const SAT_VERIFICATION_PAGE = 'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx';

export interface SatVerificationFields {
  uuid: string;
  rfcEmisor: string;
  rfcReceptor: string;
  /** The comprobante's Total attribute, as written in the XML. */
  total: string;
  /** The comprobante's Sello attribute (base64). */
  sello: string;
}

/** The Total as the QR carries it: at most 18 integer digits and 6 decimals, no padding zeros. */
export function qrTotal(total: string): string {
  const match = /^(\d{1,18})(?:\.(\d{1,6}))?$/.exec(total);
  if (!match) throw new RangeError(`Total inválido para el código QR: ${total}`);
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  return `${whole}.${decimals || '0'}`;
}

const rfcInQr = (rfc: string) => rfc.replace(/&/g, '&amp;');

export function satVerificationUrl(fields: SatVerificationFields): string {
  return (
    `${SAT_VERIFICATION_PAGE}?id=${fields.uuid}&re=${rfcInQr(fields.rfcEmisor)}` +
    `&rr=${rfcInQr(fields.rfcReceptor)}&tt=${qrTotal(fields.total)}&fe=${fields.sello.slice(-8)}`
  );
}
