import { verify, X509Certificate } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePac, type FakePac } from '../scripts/fake-pac/fake-pac.js';
import { satFile, schemaProblems, transform } from '../scripts/fake-pac/sat-tools.js';
import { ConfigError } from '../src/config.js';
import {
  INVOICING_NOT_CONFIGURED,
  pacFromConfig,
  PacConfigError,
  PacRefusedError,
  PacUnknownOutcomeError,
  SwSapienPac,
} from '../src/modules/invoicing/pac/index.js';
import { testConfig } from './helpers/app.js';
import { FIXTURE_RFC, sealedCfdi, tamper } from './helpers/cfdi-fixture.js';
import { makeCsd, type CsdFiles } from './helpers/csd.js';

// The PAC client (SW Sapien's protocol) against the fake PAC, a real HTTP server on 127.0.0.1:
// the stamp and its checks, the token's renewal, and the failures the invoicing service must tell
// apart (refused; unknown outcome, retried with the same XML; misconfigured).

let fake: FakePac;
let csd: CsdFiles;
let folio = 0;
/** A new sealed CFDI (its own folio) for each test, so stamps of one test don't answer another. */
const nextCfdi = (options: { total?: string } = {}) => sealedCfdi({ csd, folio: String(++folio), ...options });
const clientFor = (overrides: { timeoutMs?: number; password?: string; now?: () => number } = {}) =>
  new SwSapienPac({ url: `${fake.url}/`, user: fake.user, password: fake.password, timeoutMs: 10_000, ...overrides });

/** The error a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('se esperaba un error');
}

beforeAll(async () => {
  csd = makeCsd({ rfc: FIXTURE_RFC });
  fake = await startFakePac();
});
afterAll(() => fake.stop());

describe('stamping', () => {
  it('stamps a sealed CFDI: the answer carries a TFD 1.1 that validates and is signed by the SAT', async () => {
    const pac = clientFor();
    const xml = await nextCfdi();
    const result = await pac.stamp(xml);

    expect(result.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(result.fechaTimbrado).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(result.selloCFDI).toBe(/ Sello="([^"]+)"/.exec(xml)![1]);
    expect(result.noCertificadoSAT).toBe(
      Buffer.from(new X509Certificate(fake.satCertificate).serialNumber, 'hex').toString('ascii'),
    );
    expect(await schemaProblems(satFile('stampedSchema'), result.cfdi)).toEqual([]);
    // The stamped XML is the sealed one with the stamp inside cfdi:Complemento.
    const tfd = /<tfd:TimbreFiscalDigital [^>]*\/>/.exec(result.cfdi)![0];
    expect(result.cfdi.replace(`<cfdi:Complemento>${tfd}</cfdi:Complemento>`, '')).toBe(xml);
    expect(tfd).toContain(`UUID="${result.uuid}"`);
    expect(tfd).toContain('Version="1.1"');
    expect(tfd).toContain(`SelloCFD="${result.selloCFDI}"`);
    expect(tfd).toContain('RfcProvCertif="SPR190613I52"');

    const cadena = await transform(satFile('tfdCadena'), tfd);
    expect(cadena).toBe(result.cadenaOriginalSAT);
    expect(cadena.startsWith(`||1.1|${result.uuid}|${result.fechaTimbrado}|SPR190613I52|`)).toBe(true);
    const sealOk = verify(
      'sha256',
      Buffer.from(cadena, 'utf8'),
      new X509Certificate(fake.satCertificate).publicKey,
      Buffer.from(result.selloSAT, 'base64'),
    );
    expect(sealOk).toBe(true);
    expect(tfd).toContain(`SelloSAT="${result.selloSAT}"`);
  });

  it('answers the same XML with the same stamp, and keeps its token between calls', async () => {
    const pac = clientFor();
    const before = fake.calls();
    const xml = await nextCfdi();
    const first = await pac.stamp(xml);
    const second = await pac.stamp(xml);
    expect(second).toEqual(first);
    expect(fake.stamped().filter((record) => record.uuid === first.uuid)).toHaveLength(1);
    expect(fake.calls().authenticate - before.authenticate).toBe(1);
  });

  it('refuses a CFDI changed after sealing with the PAC message, kept as it came', async () => {
    const xml = tamper(await nextCfdi(), 'Total', '160.00');
    const error = await failure(clientFor().stamp(xml));
    expect(error).toBeInstanceOf(PacRefusedError);
    const refused = error as PacRefusedError;
    expect(refused.kind).toBe('refused');
    expect(refused.pacMessage).toMatch(/^CFDI40102 - /);
    expect(refused.messageDetail).toMatch(/^Cadena original: \|\|4\.0\|A\|/);
    expect(refused.message).toMatch(/^El PAC rechazó la solicitud: CFDI40102 - /);
    expect(refused.statusCode).toBe(502);
  });

  it('refuses sealed amounts that do not add up', async () => {
    const error = await failure(clientFor().stamp(await nextCfdi({ total: '155.00' })));
    expect(error).toBeInstanceOf(PacRefusedError);
    expect((error as PacRefusedError).pacMessage).toMatch(/^CFDI40119 - /);
    expect((error as PacRefusedError).messageDetail).toBe('Total 155.00; calculado 154.40');
  });

  it("refuses a CFDI whose certificate is not the Emisor's", async () => {
    const other = makeCsd({ rfc: 'XIA190128J61', keyPem: csd.keyPem });
    const error = await failure(clientFor().stamp(await sealedCfdi({ csd: other, folio: String(++folio) })));
    expect((error as PacRefusedError).pacMessage).toMatch(/^CFDI40303 - /);
  });

  it("refuses an XML the SAT's schema refuses, with xmllint's complaint as detail", async () => {
    const xml = tamper(await nextCfdi(), 'Exportacion', '7');
    const error = await failure(clientFor().stamp(xml));
    expect(error).toBeInstanceOf(PacRefusedError);
    expect((error as PacRefusedError).pacMessage).toMatch(/^CFDI40301 - /);
    expect((error as PacRefusedError).messageDetail).toContain('Exportacion');
    expect(fake.stamped().some((record) => record.sealedXml === xml)).toBe(false);
  });

  it('answers a refusal set by the test as the PAC sent it', async () => {
    fake.refuseNext('CFDI40999 - Servicio en mantenimiento.', 'Intente más tarde');
    const error = await failure(clientFor().stamp(await nextCfdi()));
    expect(error).toBeInstanceOf(PacRefusedError);
    expect((error as PacRefusedError).message).toBe(
      'El PAC rechazó la solicitud: CFDI40999 - Servicio en mantenimiento. (Intente más tarde)',
    );
  });
});

describe('the token', () => {
  it('is renewed once when the PAC refuses it, and the call succeeds', async () => {
    const pac = clientFor();
    await pac.stamp(await nextCfdi());
    fake.expireTokens();
    const before = fake.calls();
    const result = await pac.stamp(await nextCfdi());
    expect(result.uuid).toBeTruthy();
    const after = fake.calls();
    expect(after.authenticate - before.authenticate).toBe(1);
    expect(after.stamp - before.stamp).toBe(2);
  });

  it('is renewed before it expires, without a refusal', async () => {
    let now = Date.now();
    const pac = clientFor({ now: () => now });
    await pac.stamp(await nextCfdi());
    const before = fake.calls();
    now += 3 * 60 * 60 * 1000; // past the fake's two hours
    await pac.stamp(await nextCfdi());
    const after = fake.calls();
    expect(after.authenticate - before.authenticate).toBe(1);
    expect(after.stamp - before.stamp).toBe(1);
  });

  it('is one authentication for concurrent calls', async () => {
    const pac = clientFor();
    const before = fake.calls();
    const [a, b] = await Promise.all([pac.stamp(await nextCfdi()), pac.stamp(await nextCfdi())]);
    expect(a.uuid).not.toBe(b.uuid);
    expect(fake.calls().authenticate - before.authenticate).toBe(1);
  });

  it('refused credentials are misconfiguration, and the message never shows the password', async () => {
    const error = await failure(clientFor({ password: 'contraseña-secreta-equivocada' }).stamp(await nextCfdi()));
    expect(error).toBeInstanceOf(PacConfigError);
    expect((error as PacConfigError).kind).toBe('misconfigured');
    expect((error as PacConfigError).statusCode).toBe(503);
    expect((error as PacConfigError).message).toMatch(/^El PAC no aceptó el usuario o la contraseña/);
    expect((error as PacConfigError).message).not.toContain('contraseña-secreta-equivocada');
  });
});

describe('an unknown outcome', () => {
  it('is a timeout when the PAC answers too late; the same XML then gets the stamp it made', async () => {
    // slowNext holds the stamp's answer, not the authentication's.
    const pac = clientFor({ timeoutMs: 2500 });
    const xml = await nextCfdi();
    fake.slowNext(6000);
    const error = await failure(pac.stamp(xml));
    expect(error).toBeInstanceOf(PacUnknownOutcomeError);
    expect((error as PacUnknownOutcomeError).reason).toBe('timeout');
    expect((error as PacUnknownOutcomeError).statusCode).toBe(504);
    const made = fake.stamped().find((record) => record.sealedXml === xml)!;
    expect((await pac.stamp(xml)).uuid).toBe(made.uuid);
  });

  it('is a lost connection when the PAC stamps and drops it; a retry answers the same UUID', async () => {
    const pac = clientFor();
    const xml = await nextCfdi();
    const before = fake.stamped().length;
    fake.dropAfterStamping();
    const error = await failure(pac.stamp(xml));
    expect(error).toBeInstanceOf(PacUnknownOutcomeError);
    expect((error as PacUnknownOutcomeError).kind).toBe('unknown-outcome');
    expect((error as PacUnknownOutcomeError).reason).toBe('connection');
    expect(fake.stamped()).toHaveLength(before + 1);
    const retried = await pac.stamp(xml);
    expect(retried.uuid).toBe(fake.stamped().at(-1)!.uuid);
    expect(fake.stamped()).toHaveLength(before + 1);
  });

  it("is a PAC's failure (5xx): it may have stamped", async () => {
    const failing = createServer((request, response) => {
      response.writeHead(request.url === '/v2/security/authenticate' ? 200 : 500, {
        'content-type': 'application/json',
      });
      response.end(
        request.url === '/v2/security/authenticate'
          ? JSON.stringify({ status: 'success', data: { token: 't' } })
          : JSON.stringify({ status: 'error', message: 'Error interno', messageDetail: 'NullReference' }),
      );
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const { port } = failing.address() as AddressInfo;
    try {
      const pac = new SwSapienPac({ url: `http://127.0.0.1:${port}`, user: 'u', password: 'p', timeoutMs: 2000 });
      const error = await failure(pac.stamp(await nextCfdi()));
      expect(error).toBeInstanceOf(PacUnknownOutcomeError);
      expect((error as PacUnknownOutcomeError).reason).toBe('unreadable-answer');
      expect((error as PacUnknownOutcomeError).message).toContain('HTTP 500: Error interno');
    } finally {
      await new Promise((resolve) => failing.close(resolve));
    }
  });

  it('is a lost connection when nothing listens', async () => {
    const gone = await startFakePac();
    await gone.stop();
    const pac = new SwSapienPac({ url: gone.url, user: gone.user, password: gone.password, timeoutMs: 2000 });
    const error = await failure(pac.stamp('<x/>'));
    expect(error).toBeInstanceOf(PacUnknownOutcomeError);
    expect((error as PacUnknownOutcomeError).reason).toBe('connection');
  });
});

describe('cancelling', () => {
  const request = (uuid: string, motivo: '01' | '02' | '03' | '04' = '02', folioSustitucion?: string) => ({
    uuid,
    rfc: FIXTURE_RFC,
    motivo,
    folioSustitucion,
    certificate: csd.cer,
    key: csd.key,
    password: csd.password,
  });

  it('cancels a stamped UUID with an acuse and 201, then answers 202', async () => {
    const pac = clientFor();
    const { uuid } = await pac.stamp(await nextCfdi());
    const result = await pac.cancel(request(uuid));
    expect(result).toMatchObject({ uuid, statusCode: '201' });
    expect(result.acuse).toContain(`<UUID>${uuid}</UUID>`);
    expect(fake.stamped().find((record) => record.uuid === uuid)!.cancellation).toEqual({
      motivo: '02',
      folioSustitucion: null,
    });
    expect((await pac.cancel(request(uuid))).statusCode).toBe('202');
  });

  it('motive 01 needs the substitute UUID', async () => {
    const pac = clientFor();
    const { uuid } = await pac.stamp(await nextCfdi());
    const { uuid: substitute } = await pac.stamp(await nextCfdi());
    const error = await failure(pac.cancel(request(uuid, '01')));
    expect(error).toBeInstanceOf(PacRefusedError);
    expect((error as PacRefusedError).pacMessage).toMatch(/foliosustitucion/);
    expect((await pac.cancel(request(uuid, '01', substitute))).statusCode).toBe('201');
  });

  it('refuses an unknown UUID and a wrong key password', async () => {
    const pac = clientFor();
    const unknown = await failure(pac.cancel(request('6F0E5C4B-1B2A-4C3D-8E9F-0A1B2C3D4E5F')));
    expect(unknown).toBeInstanceOf(PacRefusedError);
    expect((unknown as PacRefusedError).pacMessage).toMatch(/no existe/);
    const { uuid } = await pac.stamp(await nextCfdi());
    const wrongPassword = await failure(pac.cancel({ ...request(uuid), password: 'otra' }));
    expect(wrongPassword).toBeInstanceOf(PacRefusedError);
  });
});

describe('configuration', () => {
  it('without PAC_* there is no PAC; with them, SW Sapien with a 20 s timeout', () => {
    expect(pacFromConfig(testConfig())).toBeNull();
    expect(INVOICING_NOT_CONFIGURED).toBe('La facturación no está configurada');
    const config = testConfig({ PAC_URL: 'https://services.test.sw.com.mx', PAC_USER: 'u', PAC_PASSWORD: 'p' });
    expect(config.PAC_TIMEOUT_MS).toBe(20_000);
    expect(pacFromConfig(config)).toBeInstanceOf(SwSapienPac);
  });

  it('refuses to start with only part of the PAC settings, or a bad address or timeout', () => {
    expect(() => testConfig({ PAC_URL: 'https://services.test.sw.com.mx' })).toThrow(ConfigError);
    expect(() => testConfig({ PAC_URL: 'https://services.test.sw.com.mx' })).toThrow(/PAC_PASSWORD: falta/);
    expect(() => testConfig({ PAC_URL: 'ftp://x', PAC_USER: 'u', PAC_PASSWORD: 'p' })).toThrow(/PAC_URL/);
    expect(() => testConfig({ PAC_TIMEOUT_MS: '5' })).toThrow(/PAC_TIMEOUT_MS/);
  });

  it('a wrong address is misconfiguration', async () => {
    const pac = new SwSapienPac({ url: `${fake.url}/api`, user: fake.user, password: fake.password, timeoutMs: 2000 });
    const error = await failure(pac.stamp(await nextCfdi()));
    expect(error).toBeInstanceOf(PacConfigError);
    expect((error as PacConfigError).message).toMatch(/revisa PAC_URL/);
  });

  it('a redirect is misconfiguration (http:// where the PAC wants https://)', async () => {
    const redirecting = createServer((_request, response) => {
      response.writeHead(301, { location: 'https://127.0.0.1/' });
      response.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const { port } = redirecting.address() as AddressInfo;
    try {
      const pac = new SwSapienPac({ url: `http://127.0.0.1:${port}`, user: 'u', password: 'p', timeoutMs: 2000 });
      const error = await failure(pac.stamp('<x/>'));
      expect(error).toBeInstanceOf(PacConfigError);
      expect((error as PacConfigError).message).toMatch(/\(301\); revisa PAC_URL/);
    } finally {
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });

  it('keeps the password and token out of sight', async () => {
    const pac = clientFor();
    await pac.stamp(await nextCfdi());
    expect(JSON.stringify(pac)).not.toContain(fake.password);
    expect(Object.keys(pac)).toEqual([]);
  });
});
