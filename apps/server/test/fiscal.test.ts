import { createPrivateKey, createSign, createVerify, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { type BusinessFiscal, RFC_MESSAGES, TAX_MESSAGES } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { transactionRunnerFor } from '../src/db/transactions.js';
import { createFiscalService, CSD_MESSAGES, MASTER_KEY_FILE } from '../src/modules/fiscal/index.js';
import { createTestApp, TEST_JWT_SECRET, TEST_PASSWORD, type TestApp, testConfig } from './helpers/app.js';
import { csdForm, type CsdFiles, makeCsd, SAT_CERTIFICATE_NUMBER } from './helpers/csd.js';
import { createTestDatabase, testDialect } from './helpers/database.js';
import { errorBody } from './helpers/errors.js';
import { ensureUser, saveBusinessFiscal } from './helpers/factories.js';

// The shop's fiscal identity and its CSD: saving the identity, the checks of an upload (each
// refusal writes nothing), the key sealed at rest under a master key outside the database, and
// openCsd() for the invoicing.

const SHOP_RFC = 'EKU9003173C9';
const OTHER_RFC = 'XIA190128J61';
const NOW = Date.parse('2026-11-27T18:00:00Z');
const IDENTITY = {
  rfc: SHOP_RFC,
  legalName: 'Escuela  Kemper urgate',
  taxRegime: '601',
  zipCode: '64000',
};
const GOOD_ANSWER = {
  certificateNumber: SAT_CERTIFICATE_NUMBER,
  rfc: SHOP_RFC,
  validFrom: '2025-01-01T00:00:00.000Z',
  validTo: '2030-05-12T23:59:59.000Z',
};
const FORBIDDEN = 'No tienes permiso para realizar esta acción.';

let good: CsdFiles;
let other: CsdFiles;
beforeAll(() => {
  good = makeCsd({ rfc: SHOP_RFC });
  other = makeCsd({ rfc: OTHER_RFC });
});

/**
 * A wrong password that decrypts the key to noise with valid padding (about one in 200 do), so
 * OpenSSL fails on the ASN.1 rather than with BAD_DECRYPT: CI once drew one at random.
 */
function passwordFailingAsAsn1(key: Buffer): string {
  for (let attempt = 0; ; attempt++) {
    const password = `equivocada-${attempt}`;
    try {
      createPrivateKey({ key, format: 'der', type: 'pkcs8', passphrase: password });
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_OSSL_BAD_DECRYPT') return password;
    }
  }
}

const unencryptedDer = (pem: string) => createPrivateKey(pem).export({ format: 'der', type: 'pkcs8' }) as Buffer;

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** An app whose DATA_DIR (where fiscal.key goes) is a folder of its own. */
async function fiscalApp(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-fiscal-'));
  dirs.push(dataDir);
  const t = await createTestApp({ DATA_DIR: dataDir, ...env }, { clock: () => NOW });
  return { t, dataDir };
}

const getFiscal = (t: TestApp, role: 'Admin' | 'Manager' | 'Seller' = 'Admin') =>
  t.injectAs(role, { method: 'GET', url: '/api/business/fiscal' });

async function upload(
  t: TestApp,
  files: { cer?: Buffer; key?: Buffer; password?: string },
  role: 'Admin' | 'Manager' | 'Seller' = 'Admin',
) {
  const form = await csdForm(files);
  return t.injectAs(role, { method: 'POST', url: '/api/business/csd', ...form });
}

const fiscalRow = (t: TestApp) =>
  t.testDb.database.db.selectFrom('businessFiscal').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

describe('the fiscal identity', () => {
  let t: TestApp;
  beforeAll(async () => {
    ({ t } = await fiscalApp());
  });
  afterAll(() => t.close());

  it('is empty until saved, with serie A and folio 1', async () => {
    const response = await getFiscal(t);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      rfc: null,
      legalName: null,
      taxRegime: null,
      zipCode: null,
      series: 'A',
      nextFolio: 1,
      globalPeriodicity: '01',
      paymentSeries: 'P',
      paymentNextFolio: 1,
      paymentComplements: 'payment',
      csd: null,
    });
  });

  it('is saved by an Admin, the razón social as the SAT writes it', async () => {
    const saved = await saveBusinessFiscal(t, {
      ...IDENTITY,
      rfc: 'eku-900317 3c9',
      series: 'f',
      nextFolio: 120,
      globalPeriodicity: '04',
      paymentSeries: 'cp',
      paymentNextFolio: 7,
      paymentComplements: 'monthly',
    });
    const expected: BusinessFiscal = {
      rfc: SHOP_RFC,
      legalName: 'ESCUELA KEMPER URGATE',
      taxRegime: '601',
      zipCode: '64000',
      series: 'F',
      nextFolio: 120,
      globalPeriodicity: '04',
      paymentSeries: 'CP',
      paymentNextFolio: 7,
      paymentComplements: 'monthly',
      csd: null,
    };
    expect(saved).toEqual(expected);
    expect((await getFiscal(t)).json()).toEqual(expected);
    // A form that does not send the complementos' series, folio and setting keeps them.
    const again = await saveBusinessFiscal(t, { ...IDENTITY, series: 'F', nextFolio: 120, globalPeriodicity: '04' });
    expect(again).toMatchObject({ paymentSeries: 'CP', paymentNextFolio: 7, paymentComplements: 'monthly' });
    expect(await fiscalRow(t)).toMatchObject({
      rfc: SHOP_RFC,
      nextFolio: 120,
      globalPeriodicity: '04',
      updatedAt: NOW,
    });
  });

  it.each([
    ['a bad check digit', { ...IDENTITY, rfc: 'EKU9003173C8' }, RFC_MESSAGES.checkDigit],
    ['a malformed RFC', { ...IDENTITY, rfc: 'EKU90' }, RFC_MESSAGES.format],
    ['the generic RFC', { ...IDENTITY, rfc: 'XAXX010101000' }, 'El RFC de la tienda no puede ser un RFC genérico.'],
    ["a persona física's regime for a moral", { ...IDENTITY, taxRegime: '612' }, TAX_MESSAGES.taxRegimePerson],
    ["a persona moral's regime for a física", { ...IDENTITY, rfc: 'CACX7605101P8' }, TAX_MESSAGES.taxRegimePerson],
    ['a regime not in the catalogue', { ...IDENTITY, taxRegime: '999' }, TAX_MESSAGES.taxRegime],
    ['a short postal code', { ...IDENTITY, zipCode: '640' }, TAX_MESSAGES.zipCode],
    ['a folio of 0', { ...IDENTITY, nextFolio: 0 }, TAX_MESSAGES.nextFolio],
    ['a periodicity out of the catalogue', { ...IDENTITY, globalPeriodicity: '05' }, TAX_MESSAGES.globalPeriodicity],
    ['a series with symbols', { ...IDENTITY, series: 'A-1' }, TAX_MESSAGES.series],
  ])('refuses %s, saving nothing', async (_case, payload, message) => {
    const before = await fiscalRow(t);
    const response = await t.injectAs('Admin', { method: 'PUT', url: '/api/business/fiscal', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody(message, 'VALIDATION_ERROR'));
    expect(await fiscalRow(t)).toEqual(before);
  });

  it.each(['Manager', 'Seller'] as const)('is an Admin matter: a %s gets 403', async (role) => {
    for (const response of [
      await getFiscal(t, role),
      await t.injectAs(role, { method: 'PUT', url: '/api/business/fiscal', payload: IDENTITY }),
      await upload(t, good, role),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(errorBody(FORBIDDEN, 'FORBIDDEN'));
    }
    expect((await fiscalRow(t)).csdCertificate).toBeNull();
  });
});

describe('uploading the CSD', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    ({ t, dataDir } = await fiscalApp());
  });
  afterAll(() => t.close());

  const expectNothingStored = async () => {
    const row = await fiscalRow(t);
    expect(row).toMatchObject({
      csdCertificate: null,
      csdCertificateNumber: null,
      csdRfc: null,
      csdValidFrom: null,
      csdValidTo: null,
      csdKeySealed: null,
    });
    expect((await getFiscal(t)).json().csd).toBeNull();
  };

  it("needs the shop's RFC saved first", async () => {
    const response = await upload(t, good);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(errorBody(CSD_MESSAGES.shopRfcMissing, 'CONFLICT'));
    await expectNothingStored();
    await saveBusinessFiscal(t, IDENTITY);
  });

  describe('refuses, writing nothing', () => {
    it.each([
      ['a wrong password', () => ({ ...good, password: 'otra-contraseña' }), CSD_MESSAGES.password],
      [
        'a wrong password whose noise fails as ASN.1, not as padding',
        () => ({ ...good, password: passwordFailingAsAsn1(good.key) }),
        CSD_MESSAGES.password,
      ],
      ['an unencrypted key', () => ({ ...good, key: unencryptedDer(good.keyPem) }), CSD_MESSAGES.key],
      [
        "another certificate's key",
        () => ({ ...good, key: other.key, password: other.password }),
        CSD_MESSAGES.mismatch,
      ],
      ['a certificate of another RFC', () => other, CSD_MESSAGES.otherRfc(OTHER_RFC, SHOP_RFC)],
      [
        'an expired certificate',
        () => makeCsd({ rfc: SHOP_RFC, keyPem: good.keyPem, notAfter: new Date('2026-11-01T05:59:59Z') }),
        CSD_MESSAGES.expired('31/10/26'),
      ],
      [
        'a certificate not yet in force',
        () => makeCsd({ rfc: SHOP_RFC, keyPem: good.keyPem, notBefore: new Date('2026-12-01T18:00:00Z') }),
        CSD_MESSAGES.notYetValid('01/12/26'),
      ],
      [
        'a FIEL (no branch, may encipher and agree keys)',
        () => makeCsd({ rfc: SHOP_RFC, keyPem: good.keyPem, branch: null, usage: 'fiel' }),
        CSD_MESSAGES.fiel,
      ],
      [
        'a certificate without a branch',
        () => makeCsd({ rfc: SHOP_RFC, keyPem: good.keyPem, branch: null }),
        CSD_MESSAGES.fiel,
      ],
      [
        'a certificate with a FIEL key usage',
        () => makeCsd({ rfc: SHOP_RFC, keyPem: good.keyPem, usage: 'fiel' }),
        CSD_MESSAGES.fiel,
      ],
      [
        'a .cer that is not a certificate',
        () => ({ ...good, cer: Buffer.from('no soy un certificado') }),
        CSD_MESSAGES.certificate,
      ],
      [
        'a certificate in PEM',
        () => ({
          ...good,
          cer: Buffer.from(`-----BEGIN CERTIFICATE-----\n${good.cer.toString('base64')}\n-----END CERTIFICATE-----\n`),
        }),
        CSD_MESSAGES.certificate,
      ],
      ['a .key that is not a key', () => ({ ...good, key: good.cer }), CSD_MESSAGES.key],
      ['a .key in PEM', () => ({ ...good, key: Buffer.from(good.keyPem) }), CSD_MESSAGES.key],
      [
        'no .cer',
        () => ({ key: good.key, password: good.password }),
        'Sube el archivo .cer del certificado de sello digital (CSD).',
      ],
      [
        'no .key',
        () => ({ cer: good.cer, password: good.password }),
        'Sube el archivo .key de la llave privada del CSD.',
      ],
      ['no password', () => ({ cer: good.cer, key: good.key }), 'Escribe la contraseña de la llave privada.'],
    ])('%s', async (_case, files, message) => {
      const response = await upload(t, files());
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(errorBody(message, 'VALIDATION_ERROR'));
      await expectNothingStored();
      // Nothing was sealed, so no master key was needed.
      expect(existsSync(join(dataDir, MASTER_KEY_FILE))).toBe(false);
    });
  });

  it('takes a good one and answers its number, RFC and validity', async () => {
    const response = await upload(t, good);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(GOOD_ANSWER);
    const fiscal = await getFiscal(t);
    expect(fiscal.json()).toEqual({
      rfc: SHOP_RFC,
      legalName: 'ESCUELA KEMPER URGATE',
      taxRegime: '601',
      zipCode: '64000',
      series: 'A',
      nextFolio: 1,
      globalPeriodicity: '01',
      paymentSeries: 'P',
      paymentNextFolio: 1,
      paymentComplements: 'payment',
      csd: GOOD_ANSWER,
    });
    // The answer names no key material.
    expect(fiscal.body).not.toMatch(/sealed|key|password/i);
    expect(fiscal.body).not.toContain(good.password);
    expect(await fiscalRow(t)).toMatchObject({
      csdCertificateNumber: SAT_CERTIFICATE_NUMBER,
      csdRfc: SHOP_RFC,
      csdValidFrom: Date.parse('2025-01-01T00:00:00Z'),
      csdValidTo: Date.parse('2030-05-12T23:59:59Z'),
      updatedAt: NOW,
    });
  });

  it('keeps the key sealed: neither the password nor the key is in the database in clear', async () => {
    const row = await fiscalRow(t);
    const sealed = Buffer.from(row.csdKeySealed!);
    expect(Buffer.from(row.csdCertificate!).equals(good.cer)).toBe(true);
    expect(sealed.includes(Buffer.from(good.password))).toBe(false);
    expect(sealed.includes(good.key)).toBe(false);
    expect(sealed.includes(good.key.subarray(0, 64))).toBe(false);
    expect(sealed.includes(good.key.subarray(good.key.length - 64))).toBe(false);
    // Nor anywhere else in the row.
    const text = JSON.stringify(row);
    expect(text).not.toContain(good.password);
    expect(text).not.toContain(good.key.toString('base64').slice(0, 40));
  });

  it('made the master key owner-only in DATA_DIR', () => {
    const file = join(dataDir, MASTER_KEY_FILE);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('opens the CSD for invoicing: its certificate and a key that signs what the certificate verifies', async () => {
    const csd = await t.app.services.fiscal.openCsd();
    expect(csd.certificateNumber).toBe(SAT_CERTIFICATE_NUMBER);
    expect(csd.certificateDer.equals(good.cer)).toBe(true);
    expect(csd.certificate.checkPrivateKey(csd.privateKey)).toBe(true);
    const cadena = '||4.0|A|1|2026-11-27T12:00:00|01|30001000000500003416||';
    const signature = createSign('RSA-SHA256').update(cadena).sign(csd.privateKey);
    expect(createVerify('RSA-SHA256').update(cadena).verify(csd.certificate.publicKey, signature)).toBe(true);
  });

  it('refuses a later bad upload and keeps the CSD it has', async () => {
    const before = await fiscalRow(t);
    const response = await upload(t, { ...good, password: 'mal' });
    expect(response.json()).toEqual(errorBody(CSD_MESSAGES.password, 'VALIDATION_ERROR'));
    expect(await fiscalRow(t)).toEqual(before);
  });

  it.runIf(testDialect === 'sqlite')(
    'goes into a backup only sealed, and the backup leaves fiscal.key out',
    async () => {
      const backup = await t.app.services.backups.create('manual');
      expect(readdirSync(t.config.BACKUP_DIR)).toEqual([backup.name]);
      const bytes = readFileSync(join(t.config.BACKUP_DIR, backup.name));
      expect(bytes.includes(good.cer)).toBe(true);
      expect(bytes.includes(Buffer.from(good.password))).toBe(false);
      expect(bytes.includes(good.key.subarray(0, 64))).toBe(false);
      expect(bytes.includes(readFileSync(join(dataDir, MASTER_KEY_FILE)))).toBe(false);
    },
  );

  it('cannot be opened with another master key (a database copied without its fiscal.key)', async () => {
    const stranger = createFiscalService({
      db: t.testDb.database.db,
      transact: transactionRunnerFor(t.testDb.database),
      clock: () => NOW,
      config: { FISCAL_KEY: randomBytes(32).toString('base64'), DATA_DIR: dataDir },
    });
    await expect(stranger.openCsd()).rejects.toMatchObject({
      statusCode: 409,
      message: CSD_MESSAGES.sealedUnreadable,
    });
  });

  it("drops the CSD when the shop's RFC changes (a CSD seals only its RFC's invoices)", async () => {
    await saveBusinessFiscal(t, { ...IDENTITY, series: 'B' });
    expect((await getFiscal(t)).json().csd).toEqual(GOOD_ANSWER);
    const changed = await saveBusinessFiscal(t, { ...IDENTITY, rfc: OTHER_RFC });
    expect(changed.csd).toBeNull();
    await expectNothingStored();
    await expect(t.app.services.fiscal.openCsd()).rejects.toMatchObject({
      statusCode: 409,
      message: CSD_MESSAGES.none,
    });
  });
});

describe('with FISCAL_KEY', () => {
  it('seals with it and writes no fiscal.key', async () => {
    const { t, dataDir } = await fiscalApp({ FISCAL_KEY: randomBytes(32).toString('base64') });
    try {
      await saveBusinessFiscal(t, IDENTITY);
      expect((await upload(t, good)).json()).toEqual(GOOD_ANSWER);
      expect(existsSync(join(dataDir, MASTER_KEY_FILE))).toBe(false);
      const csd = await t.app.services.fiscal.openCsd();
      expect(csd.certificate.checkPrivateKey(csd.privateKey)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('must be 32 bytes in base64', () => {
    expect(() => testConfig({ FISCAL_KEY: 'corta' })).toThrow(/FISCAL_KEY: debe ser 32 bytes en base64/);
  });
});

describe('the log', () => {
  it("never shows the key's password, even at trace level", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-fiscal-'));
    dirs.push(dataDir);
    const testDb = await createTestDatabase();
    const app = await buildApp({
      config: testConfig({ DATA_DIR: dataDir }),
      database: testDb.database,
      jwtSecret: TEST_JWT_SECRET,
      logger: { level: 'trace', stream },
      clock: () => NOW,
    });
    try {
      await app.ready();
      await ensureUser(testDb.database.db, { role: 'Admin', email: 'ana@prueba.mx', password: TEST_PASSWORD });
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ana@prueba.mx', password: TEST_PASSWORD },
      });
      const token = login.json<{ accessToken: string }>().accessToken;
      const form = await csdForm({ ...good, password: 'secreto-que-no-se-ve' });
      const response = await app.inject({
        method: 'POST',
        url: '/api/business/csd',
        ...form,
        headers: { ...form.headers, authorization: `Bearer ${token}` },
      });
      expect(response.json()).toEqual(errorBody(CSD_MESSAGES.password, 'VALIDATION_ERROR'));
      const log = lines.join('');
      expect(log).toContain('/api/business/csd');
      expect(log).not.toContain('secreto-que-no-se-ve');
      expect(log).not.toContain(token);
      expect(log).not.toContain(TEST_PASSWORD);
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});
