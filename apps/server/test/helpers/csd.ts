import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// SAT-shaped certificates made by openssl at test time: an RSA 2048 key as encrypted PKCS#8 DER
// (the .key), and a self-signed DER certificate (the .cer) whose subject carries the RFC in
// x500UniqueIdentifier (and, for a CSD, the branch in OU), with the SAT's kind of serial. `openssl
// ca` sets any validity window (OpenSSL 3.0's `req -x509` cannot start one in the past).

/** Hex of the ASCII digits '30001000000500003416': the SAT's way of numbering certificates. */
export const SAT_SERIAL_HEX = '3330303031303030303030353030303033343136';
export const SAT_CERTIFICATE_NUMBER = '30001000000500003416';
export const CSD_PASSWORD = 'Sello2026-clave';

export interface CsdFiles {
  /** The certificate, DER. */
  cer: Buffer;
  /** The private key, PKCS#8 DER encrypted (AES-256) with `password`. */
  key: Buffer;
  password: string;
  /** The key in clear (PEM), to sign with another certificate in a test. */
  keyPem: string;
}

export interface CsdOptions {
  rfc: string;
  /** The branch (OU); null for none, as on a FIEL. */
  branch?: string | null;
  /** 'csd': digitalSignature, nonRepudiation; 'fiel' adds dataEncipherment and keyAgreement. */
  usage?: 'csd' | 'fiel';
  notBefore?: Date;
  notAfter?: Date;
  password?: string;
  serialHex?: string;
  /** Reuse this key (PEM) instead of a new one. */
  keyPem?: string;
  legalName?: string;
}

const CA_CONFIG = `
[ca]
default_ca = sat
[sat]
database = ./index.txt
new_certs_dir = .
serial = ./serial
default_md = sha256
policy = anything
unique_subject = no
email_in_dn = no
copy_extensions = none
[anything]
[csd]
keyUsage = critical,digitalSignature,nonRepudiation
[fiel]
keyUsage = critical,digitalSignature,nonRepudiation,dataEncipherment,keyAgreement
`;

const openssl = (cwd: string, args: string[]) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });
const asn1Time = (date: Date) => `${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
/** A subject value as `openssl -subj` reads it ('/' escaped). */
const subjectValue = (value: string) => value.replace(/\//g, '\\/');

/** A certificate and its key as the SAT hands them over; 2025-01-01 to 2030-05-12 unless told. */
export function makeCsd({
  rfc,
  branch = 'Sucursal Centro',
  usage = 'csd',
  notBefore = new Date('2025-01-01T00:00:00Z'),
  notAfter = new Date('2030-05-12T23:59:59Z'),
  password = CSD_PASSWORD,
  serialHex = SAT_SERIAL_HEX,
  keyPem,
  legalName = 'ABARROTES LA GUERA',
}: CsdOptions): CsdFiles {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-csd-'));
  try {
    writeFileSync(join(dir, 'ca.cnf'), CA_CONFIG);
    writeFileSync(join(dir, 'index.txt'), '');
    writeFileSync(join(dir, 'serial'), `${serialHex}\n`);
    if (keyPem) writeFileSync(join(dir, 'key.pem'), keyPem);
    else openssl(dir, ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'key.pem']);
    openssl(dir, [
      'pkcs8',
      '-topk8',
      '-v2',
      'aes256',
      '-in',
      'key.pem',
      '-outform',
      'DER',
      '-out',
      'key.der',
      '-passout',
      `pass:${password}`,
    ]);
    const subject = [
      `/CN=${subjectValue(legalName)}`,
      `/O=${subjectValue(legalName)}`,
      `/x500UniqueIdentifier=${subjectValue(`${rfc} / XAXX010101HDFXXX01`)}`,
      `/serialNumber=${subjectValue(' / XAXX010101HDFXXX01')}`,
      branch ? `/OU=${subjectValue(branch)}` : '',
    ].join('');
    openssl(dir, ['req', '-new', '-key', 'key.pem', '-subj', subject, '-out', 'req.csr']);
    openssl(dir, [
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-selfsign',
      '-keyfile',
      'key.pem',
      '-in',
      'req.csr',
      '-out',
      'cert.pem',
      '-startdate',
      asn1Time(notBefore),
      '-enddate',
      asn1Time(notAfter),
      '-extensions',
      usage,
      '-notext',
      '-preserveDN',
    ]);
    openssl(dir, ['x509', '-in', 'cert.pem', '-outform', 'DER', '-out', 'cert.der']);
    return {
      cer: readFileSync(join(dir, 'cert.der')),
      key: readFileSync(join(dir, 'key.der')),
      password,
      keyPem: readFileSync(join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The multipart body of POST /business/csd, as the browser's form sends it. */
export async function csdForm(files: { cer?: Buffer; key?: Buffer; password?: string }) {
  const form = new FormData();
  if (files.cer) form.append('cer', new Blob([new Uint8Array(files.cer)]), 'certificado.cer');
  if (files.key) form.append('key', new Blob([new Uint8Array(files.key)]), 'llave.key');
  if (files.password !== undefined) form.append('password', files.password);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
