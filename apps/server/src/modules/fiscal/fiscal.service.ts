import { createPrivateKey, type KeyObject, type X509Certificate } from 'node:crypto';
import { type BusinessFiscal, type BusinessFiscalBody, type CsdSummary, toIso } from '@mostrador/shared';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/connection.js';
import type { BusinessFiscalRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict } from '../../lib/errors.js';
import {
  certificateNumberOf,
  certificateRfcOf,
  isCsd,
  masterKeySource,
  MasterKeyError,
  openCsdKey,
  parseDerCertificate,
  sealCsdKey,
} from './fiscal.crypto.js';
import * as q from './fiscal.queries.js';

// The shop's fiscal identity (RFC, razón social, régimen, lugar de expedición, serie and folio)
// and its CSD, the certificate its invoices are sealed with. The CSD's private key never leaves
// the server: it is stored sealed (fiscal.crypto.ts), answered by no endpoint, and opened only
// by openCsd() for the invoicing.

export const CSD_MESSAGES = {
  certificate: 'El archivo .cer no es un certificado válido. Sube el archivo .cer (DER) que te dio el SAT.',
  key: 'El archivo .key no es una llave privada válida. Sube el archivo .key (DER) que te dio el SAT.',
  password: 'La contraseña de la llave privada no es correcta.',
  mismatch: 'La llave privada no corresponde al certificado.',
  fiel:
    'El certificado es de e.firma (FIEL), no un certificado de sello digital (CSD). ' +
    'Tramita tu CSD en el portal del SAT (Certifica) y súbelo aquí.',
  noRfc: 'El certificado no indica el RFC de su titular.',
  shopRfcMissing: 'Guarda primero los datos fiscales del negocio (su RFC) y después sube el CSD.',
  expired: (date: string) => `El certificado venció el ${date}. Tramita un CSD nuevo en el portal del SAT.`,
  notYetValid: (date: string) => `El certificado todavía no es vigente: lo es a partir del ${date}.`,
  otherRfc: (csdRfc: string, shopRfc: string) =>
    `El certificado es del RFC ${csdRfc}, no del RFC del negocio (${shopRfc}).`,
  none: 'El negocio no tiene un CSD cargado. Súbelo en Configuración → Datos fiscales.',
  sealedUnreadable:
    'No se puede abrir la llave del CSD con la llave maestra de este servidor (FISCAL_KEY o fiscal.key). ' +
    'Restaura la llave maestra con la que se guardó o sube el CSD de nuevo.',
} as const;

export type FiscalConfig = Pick<Config, 'FISCAL_KEY' | 'DATA_DIR'>;

export interface FiscalDeps {
  db: Executor;
  transact: TransactionRunner;
  clock: Clock;
  config: FiscalConfig;
}

/** What POST /business/csd receives: the two files and the key's password. */
export interface CsdUpload {
  cer: Buffer;
  key: Buffer;
  password: string;
}

/** The shop's CSD, opened for sealing an invoice. */
export interface OpenCsd {
  certificate: X509Certificate;
  /** The certificate as the SAT gave it (DER): an invoice carries it in base64. */
  certificateDer: Buffer;
  certificateNumber: string;
  privateKey: KeyObject;
}

/** A date as a person in Mexico reads it: 12/05/2030. */
const dayOf = (epochMs: number) =>
  new Intl.DateTimeFormat('es-MX', { dateStyle: 'short', timeZone: 'America/Monterrey' }).format(epochMs);

function summaryOf(row: BusinessFiscalRow | undefined): CsdSummary | null {
  if (!row?.csdCertificateNumber || !row.csdRfc || row.csdValidFrom === null || row.csdValidTo === null) return null;
  return {
    certificateNumber: row.csdCertificateNumber,
    rfc: row.csdRfc,
    validFrom: toIso(row.csdValidFrom),
    validTo: toIso(row.csdValidTo),
  };
}

function answerOf(row: BusinessFiscalRow | undefined): BusinessFiscal {
  return {
    rfc: row?.rfc ?? null,
    legalName: row?.legalName ?? null,
    taxRegime: row?.taxRegime ?? null,
    zipCode: row?.zipCode ?? null,
    series: row?.series ?? 'A',
    nextFolio: row?.nextFolio ?? 1,
    globalPeriodicity: row?.globalPeriodicity ?? '01',
    paymentSeries: row?.paymentSeries ?? 'P',
    paymentNextFolio: Number(row?.paymentNextFolio ?? 1),
    paymentComplements: row?.paymentComplements ?? 'payment',
    csd: summaryOf(row),
  };
}

const NO_CSD: q.BusinessFiscalChanges = {
  csdCertificate: null,
  csdCertificateNumber: null,
  csdRfc: null,
  csdValidFrom: null,
  csdValidTo: null,
  csdKeySealed: null,
};

/** The private key, decrypted with its password; the refusal a wrong password or file deserves. */
function privateKeyOf(der: Buffer, password: string): KeyObject {
  if (!isEncryptedPkcs8(der)) throw badRequest(CSD_MESSAGES.key);
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8', passphrase: password });
  } catch {
    // A wrong password decrypts to noise: usually a padding error, but about one time in 200 the
    // padding happens to look right and the noise fails as ASN.1 instead. The file was already
    // known to be an encrypted key, so any failure here is the password.
    throw badRequest(CSD_MESSAGES.password);
  }
}

/** Whether the bytes are an encrypted PKCS#8 key: OpenSSL then asks for a passphrase. */
function isEncryptedPkcs8(der: Buffer): boolean {
  // PKCS#8 DER starts with a SEQUENCE; anything else (PEM text, another file) is not a .key.
  if (der.length < 2 || der[0] !== 0x30) return false;
  try {
    createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    return false; // an unencrypted key is not what the SAT gives
  } catch (error) {
    return (error as { code?: unknown }).code === 'ERR_MISSING_PASSPHRASE';
  }
}

export function createFiscalService({ db, transact, clock, config }: FiscalDeps) {
  const masterKey = masterKeySource({ fiscalKey: config.FISCAL_KEY, dataDir: config.DATA_DIR });

  /** Every check of an upload, writing nothing: what to store, or the refusal. */
  async function checkUpload({ cer, key, password }: CsdUpload) {
    const certificate = parseDerCertificate(cer);
    if (!certificate) throw badRequest(CSD_MESSAGES.certificate);
    const privateKey = privateKeyOf(key, password);
    if (!certificate.checkPrivateKey(privateKey)) throw badRequest(CSD_MESSAGES.mismatch);
    if (!isCsd(certificate)) throw badRequest(CSD_MESSAGES.fiel);
    const csdRfc = certificateRfcOf(certificate);
    if (!csdRfc) throw badRequest(CSD_MESSAGES.noRfc);
    const shopRfc = (await q.findBusinessFiscal(db))?.rfc;
    if (!shopRfc) throw conflict(CSD_MESSAGES.shopRfcMissing);
    if (csdRfc !== shopRfc) throw badRequest(CSD_MESSAGES.otherRfc(csdRfc, shopRfc));
    const validFrom = Date.parse(certificate.validFrom);
    const validTo = Date.parse(certificate.validTo);
    const now = clock();
    if (validTo < now) throw badRequest(CSD_MESSAGES.expired(dayOf(validTo)));
    if (validFrom > now) throw badRequest(CSD_MESSAGES.notYetValid(dayOf(validFrom)));
    return { certificate, csdRfc, shopRfc, validFrom, validTo };
  }

  /** The stored CSD: its certificate and its key and password unsealed. 409 without one. */
  async function unsealCsd(executor: Executor) {
    const row = await q.findBusinessFiscal(executor);
    if (!row?.csdCertificate || !row.csdKeySealed || !row.csdCertificateNumber) throw conflict(CSD_MESSAGES.none);
    const certificateDer = Buffer.from(row.csdCertificate);
    const certificate = parseDerCertificate(certificateDer);
    if (!certificate) throw conflict(CSD_MESSAGES.none);
    try {
      const opened = openCsdKey(masterKey(), Buffer.from(row.csdKeySealed));
      return { row: { ...row, csdCertificateNumber: row.csdCertificateNumber }, certificate, certificateDer, opened };
    } catch (error) {
      if (error instanceof MasterKeyError) throw conflict(CSD_MESSAGES.sealedUnreadable);
      throw error;
    }
  }

  return {
    /** GET /business/fiscal (Admin): the identity, and the CSD's public facts; never its key. */
    async get(): Promise<BusinessFiscal> {
      return answerOf(await q.findBusinessFiscal(db));
    },

    /**
     * PUT /business/fiscal (Admin). A new RFC drops the CSD of the old one: a certificate seals
     * only its own RFC's invoices.
     */
    async update(body: BusinessFiscalBody, actor: Actor): Promise<BusinessFiscal> {
      const row = await transact(async (trx) => {
        const before = await q.findBusinessFiscal(trx);
        const changes: q.BusinessFiscalChanges = { ...body };
        if (before?.csdRfc && before.csdRfc !== body.rfc) Object.assign(changes, NO_CSD);
        return q.updateBusinessFiscal(trx, changes, clock(), actor.id);
      });
      return answerOf(row);
    },

    /**
     * POST /business/csd (Admin): checks the certificate and its key (password, pair, CSD rather
     * than FIEL, the shop's RFC, in force today) and only then stores them, the key sealed.
     */
    async uploadCsd(upload: CsdUpload, actor: Actor): Promise<CsdSummary> {
      const { certificate, csdRfc, shopRfc, validFrom, validTo } = await checkUpload(upload);
      const sealed = sealCsdKey(masterKey(), upload.key, upload.password);
      const row = await transact(async (trx) => {
        // The RFC may have changed since it was read: the certificate must still be the shop's.
        const current = (await q.findBusinessFiscal(trx))?.rfc;
        if (current !== shopRfc) throw badRequest(CSD_MESSAGES.otherRfc(csdRfc, current ?? '—'));
        return q.updateBusinessFiscal(
          trx,
          {
            csdCertificate: Buffer.from(certificate.raw),
            csdCertificateNumber: certificateNumberOf(certificate),
            csdRfc,
            csdValidFrom: validFrom,
            csdValidTo: validTo,
            csdKeySealed: sealed,
          },
          clock(),
          actor.id,
        );
      });
      return summaryOf(row)!;
    },

    /** For invoicing: the shop's CSD with its private key opened. 409 without one. */
    async openCsd(executor: Executor = db): Promise<OpenCsd> {
      const { row, certificate, certificateDer, opened } = await unsealCsd(executor);
      const privateKey = createPrivateKey({
        key: opened.keyDer,
        format: 'der',
        type: 'pkcs8',
        passphrase: opened.password,
      });
      return { certificate, certificateDer, certificateNumber: row.csdCertificateNumber, privateKey };
    },

    /**
     * For a cancellation: the PAC takes the CSD's files themselves (the certificate, the key still
     * encrypted, and its password) and signs the request. 409 without a CSD.
     */
    async csdFiles(executor: Executor = db): Promise<{ certificate: Buffer; key: Buffer; password: string }> {
      const { certificateDer, opened } = await unsealCsd(executor);
      return { certificate: certificateDer, key: opened.keyDer, password: opened.password };
    },
  };
}

export type FiscalService = ReturnType<typeof createFiscalService>;
