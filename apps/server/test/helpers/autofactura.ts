import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { signAutofacturaToken } from '../../src/modules/autofactura/autofactura-link.js';
import { TEST_JWT_SECRET, type TestApp } from './app.js';
import { csdForm, type CsdFiles, makeCsd } from './csd.js';
import { saveBusinessFiscal, saveSettings } from './factories.js';

// A shop that can invoice (fiscal identity, a CSD in force, a PAC configured, a public address)
// for the autofactura tests, and the link its tickets print.

export const SHOP_RFC = 'EKU9003173C9';
export const PUBLIC_URL = 'https://mitienda.mx';

let csd: CsdFiles | undefined;
/** The shop's CSD, made once per test file (openssl takes a moment). */
export const shopCsd = () => (csd ??= makeCsd({ rfc: SHOP_RFC }));

/** A DATA_DIR of its own (the CSD's master key goes there); remove it with `rmSync` after. */
export function dataDir(): { DATA_DIR: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-autofactura-'));
  return { DATA_DIR: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The PAC settings that make invoicing "configured" (printing never calls it). */
export const PAC_ENV = { PAC_URL: 'http://127.0.0.1:9/', PAC_USER: 'tienda', PAC_PASSWORD: 'secreta' };

/** Saves the shop's fiscal identity, uploads its CSD and, unless null, its public address. */
export async function makeShopInvoicing(t: TestApp, { publicUrl = PUBLIC_URL as string | null } = {}) {
  await saveBusinessFiscal(t, {
    rfc: SHOP_RFC,
    legalName: 'Escuela Kemper Urgate',
    taxRegime: '601',
    zipCode: '64000',
  });
  const files = shopCsd();
  const form = await csdForm({ cer: files.cer, key: files.key, password: files.password });
  const upload = await t.injectAs('Admin', { method: 'POST', url: '/api/business/csd', ...form });
  expect(upload.statusCode, upload.body).toBe(200);
  await saveSettings(t, { publicUrl });
}

/** The token the server signs for a receipt (the test app's secret). */
export const tokenOf = (receipt: { id: number; createdAt: string }) =>
  signAutofacturaToken(TEST_JWT_SECRET, { receiptId: receipt.id, createdAt: Date.parse(receipt.createdAt) });

export const linkOf = (receipt: { id: number; createdAt: string }) => `${PUBLIC_URL}/factura/${tokenOf(receipt)}`;
