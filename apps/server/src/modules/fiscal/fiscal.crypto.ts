import { createCipheriv, createDecipheriv, randomBytes, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The CSD's cryptography: reading a SAT certificate (its number, RFC, kind and key usage) and
// sealing its private key and password at rest. The sealed bytes are AES-256-GCM under a master
// key kept apart from the database (FISCAL_KEY, or DATA_DIR/fiscal.key made 0600 on first need):
// a copy of the database alone (a backup, a dump) cannot open them.

export const MASTER_KEY_FILE = 'fiscal.key';
const MASTER_KEY_BYTES = 32;
const SEAL_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds the sealed bytes to their use: they open only as a CSD's key of this format. */
const SEAL_AAD = Buffer.from('mostrador:csd-key:v1');

export class MasterKeyError extends Error {}

/**
 * The master key: FISCAL_KEY when set, else the one in DATA_DIR/fiscal.key, created (random,
 * owner-only) the first time it is needed. Read once, then kept in memory.
 */
export function masterKeySource({ fiscalKey, dataDir }: { fiscalKey?: string; dataDir: string }): () => Buffer {
  let key: Buffer | null = null;
  return () => {
    key ??= fiscalKey ? Buffer.from(fiscalKey, 'base64') : keyFromFile(join(dataDir, MASTER_KEY_FILE), dataDir);
    if (key.length !== MASTER_KEY_BYTES) {
      key = null;
      throw new MasterKeyError('La llave maestra fiscal no mide 32 bytes.');
    }
    return key;
  };
}

function keyFromFile(file: string, dataDir: string): Buffer {
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      // 'wx': of two processes starting at once, one writes it and the other reads it.
      writeFileSync(file, `${randomBytes(MASTER_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  // A copy restored with the wrong permissions is made owner-only again.
  chmodSync(file, 0o600);
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

/** The private key (PKCS#8 DER, still encrypted by its password) and that password, sealed. */
export function sealCsdKey(master: Buffer, keyDer: Buffer, password: string): Buffer {
  const secret = Buffer.from(password, 'utf8');
  const plain = Buffer.concat([u16(secret.length), secret, keyDer]);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', master, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(SEAL_AAD);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  plain.fill(0);
  secret.fill(0);
  return Buffer.concat([Buffer.from([SEAL_VERSION]), iv, cipher.getAuthTag(), body]);
}

/** Opens what sealCsdKey sealed; throws when the master key is not the one that sealed it. */
export function openCsdKey(master: Buffer, sealed: Buffer): { keyDer: Buffer; password: string } {
  if (sealed.length < 1 + IV_BYTES + TAG_BYTES + 2 || sealed[0] !== SEAL_VERSION) {
    throw new MasterKeyError('La llave del CSD guardada no tiene un formato conocido.');
  }
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', master, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(SEAL_AAD);
  decipher.setAuthTag(tag);
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new MasterKeyError('La llave maestra fiscal no es la que guardó la llave del CSD.');
  }
  const length = plain.readUInt16BE(0);
  const password = plain.subarray(2, 2 + length).toString('utf8');
  const keyDer = Buffer.from(plain.subarray(2 + length));
  plain.fill(0);
  return { keyDer, password };
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(value);
  return buffer;
}

// ——— Reading a SAT certificate ———

/** The certificate, or null when the bytes are not one in DER (a PEM file is refused too: SAT gives DER). */
export function parseDerCertificate(der: Buffer): X509Certificate | null {
  // DER starts with a SEQUENCE; X509Certificate would also take PEM text.
  if (der.length < 2 || der[0] !== 0x30) return null;
  try {
    return new X509Certificate(der);
  } catch {
    return null;
  }
}

/**
 * The SAT's certificate number: the serial's bytes are ASCII digits, read as text
 * (hex 3330…3136 → '30…16'). A serial that is not digits answers its hexadecimal.
 */
export function certificateNumberOf(certificate: X509Certificate): string {
  const hex = certificate.serialNumber.replace(/^0+(?=..)/, '');
  const text = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex').toString('latin1');
  return /^\d+$/.test(text) ? text : hex.toUpperCase();
}

const subjectValues = (certificate: X509Certificate, name: string): string[] => {
  const value = (certificate.toLegacyObject().subject as Record<string, string | string[] | undefined>)[name];
  return value === undefined ? [] : [value].flat();
};

/**
 * The RFC the SAT wrote in the subject's x500UniqueIdentifier (OID 2.5.4.45): 'RFC' or
 * 'RFC / RFC-or-CURP of the legal representative': the first one, upper case. Null without one.
 */
export function certificateRfcOf(certificate: X509Certificate): string | null {
  const [value] = subjectValues(certificate, 'x500UniqueIdentifier');
  const rfc = value?.split('/')[0]?.trim().toUpperCase();
  return rfc ? rfc : null;
}

/** Whether the subject names an organisational unit (OU): the SAT writes the branch there on a CSD. */
export function hasOrganizationalUnit(certificate: X509Certificate): boolean {
  return subjectValues(certificate, 'OU').some((value) => value.trim() !== '');
}

export const KEY_USAGES = [
  'digitalSignature',
  'nonRepudiation',
  'keyEncipherment',
  'dataEncipherment',
  'keyAgreement',
  'keyCertSign',
  'cRLSign',
  'encipherOnly',
  'decipherOnly',
] as const;
export type KeyUsage = (typeof KEY_USAGES)[number];

/** OID 2.5.29.15 (keyUsage), DER-encoded. */
const KEY_USAGE_OID = Buffer.from([0x06, 0x03, 0x55, 0x1d, 0x0f]);

/**
 * The certificate's keyUsage extension, or null without one (Node does not parse it). After
 * the OID come an optional `critical` BOOLEAN and an OCTET STRING holding the BIT STRING.
 */
export function keyUsageOf(certificate: X509Certificate): KeyUsage[] | null {
  const der = certificate.raw;
  const at = der.indexOf(KEY_USAGE_OID);
  if (at < 0) return null;
  let i = at + KEY_USAGE_OID.length;
  if (der[i] === 0x01 && der[i + 1] === 0x01) i += 3;
  if (der[i] !== 0x04 || der[i + 2] !== 0x03) return null;
  const bitsLength = der[i + 3] ?? 0;
  const bytes = der.subarray(i + 5, i + 4 + bitsLength);
  return KEY_USAGES.filter((_, bit) => ((bytes[bit >> 3] ?? 0) & (0x80 >> (bit & 7))) !== 0);
}

/**
 * Whether a SAT certificate is a CSD (sello digital) rather than the e.firma (FIEL) of the same
 * taxpayer. The rule: a CSD names its branch in the subject's OU and may sign only (its keyUsage,
 * digitalSignature and nonRepudiation, allows neither keyAgreement nor dataEncipherment); a
 * FIEL has no OU and allows both. Anything that fails either half is not taken as a CSD.
 */
export function isCsd(certificate: X509Certificate): boolean {
  const usages = keyUsageOf(certificate) ?? [];
  return hasOrganizationalUnit(certificate) && !usages.includes('keyAgreement') && !usages.includes('dataEncipherment');
}
