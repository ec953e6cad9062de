import { createSign, createVerify, type KeyObject, type X509Certificate } from 'node:crypto';
import { cadenaOriginal } from './cadena.js';
import type { Comprobante } from './cfdi.model.js';

// Sealing (Anexo 20, 'Sello'): the CSD's number goes into the comprobante first, because
// NoCertificado is part of the cadena original; then the cadena's UTF-8 bytes are signed with
// SHA-256 and RSA (PKCS#1 v1.5, what createSign does with an RSA key), and the signature and the
// certificate travel in base64. The fiscal module's openCsd() gives exactly these three things.

export interface SealingCsd {
  /** The SAT's 20-digit certificate number (fiscal.crypto.ts certificateNumberOf). */
  certificateNumber: string;
  /** The certificate as the SAT gave it, DER. */
  certificateDer: Buffer;
  privateKey: KeyObject;
}

export interface SealedComprobante {
  comprobante: Comprobante;
  /** The cadena original that was signed (printed on the invoice's PDF, kept for checks). */
  cadena: string;
}

export function signCadena(cadena: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(cadena, 'utf8').sign(privateKey, 'base64');
}

export function sealComprobante(comprobante: Comprobante, csd: SealingCsd): SealedComprobante {
  const { sello: _unsealed, ...rest } = comprobante;
  const withCertificate: Comprobante = {
    ...rest,
    noCertificado: csd.certificateNumber,
    certificado: csd.certificateDer.toString('base64'),
  };
  const cadena = cadenaOriginal(withCertificate);
  return { comprobante: { ...withCertificate, sello: signCadena(cadena, csd.privateKey) }, cadena };
}

/** Whether `sello` is the certificate's signature of `cadena` (what a PAC checks). */
export function verifySello(cadena: string, sello: string, certificate: X509Certificate): boolean {
  return createVerify('RSA-SHA256').update(cadena, 'utf8').verify(certificate.publicKey, sello, 'base64');
}
