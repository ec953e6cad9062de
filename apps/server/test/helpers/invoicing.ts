import { randomBytes, X509Certificate } from 'node:crypto';
import {
  businessNowLocalTimestamp,
  type CreateReceiptInput,
  type InvoiceDetails,
  type PaymentMethod,
  type Receipt,
  type Role,
  type TaxTerms,
} from '@mostrador/shared';
import { expect } from 'vitest';
import { startFakePac, type FakePac } from '../../scripts/fake-pac/fake-pac.js';
import { satFile, schemaProblems, transform } from '../../scripts/fake-pac/sat-tools.js';
import { verifySello } from '../../src/modules/invoicing/cfdi/index.js';
import { createTestApp, type TestApp, type TestAppOptions } from './app.js';
import { csdForm, type CsdFiles, makeCsd } from './csd.js';
import { createReceipt, saveBusinessFiscal, seedClient, seedProduct, setProductTaxes } from './factories.js';

// Invoicing's tests: the real app with the fake PAC (a real HTTP server on 127.0.0.1) as its PAC,
// the shop's fiscal identity and CSD saved through the API, sales through the API; and the
// checks every produced CFDI must pass (the SAT's schema, the seal over the XSLT's cadena, the
// arithmetic recomputed here).

export const SHOP_RFC = 'EKU9003173C9';
export const SHOP_ZIP = '64000';

export interface InvoicingApp {
  t: TestApp;
  fake: FakePac;
  csd: CsdFiles;
  certificate: X509Certificate;
  close(): Promise<void>;
}

/** The app with a PAC (the fake), the shop's fiscal identity and its CSD. */
export async function invoicingApp(
  env: Record<string, string> = {},
  options: TestAppOptions & { withCsd?: boolean } = {},
): Promise<InvoicingApp> {
  const fake = await startFakePac();
  const t = await createTestApp(
    {
      PAC_URL: fake.url,
      PAC_USER: fake.user,
      PAC_PASSWORD: fake.password,
      PAC_TIMEOUT_MS: '5000',
      INVOICE_RETRY_MS: '200',
      FISCAL_KEY: randomBytes(32).toString('base64'),
      ...env,
    },
    options,
  );
  await saveBusinessFiscal(t, {
    rfc: SHOP_RFC,
    legalName: 'Escuela Kemper Urgate',
    taxRegime: '601',
    zipCode: SHOP_ZIP,
  });
  const csd = makeCsd({ rfc: SHOP_RFC });
  if (options.withCsd !== false) {
    const response = await t.injectAs('Admin', { method: 'POST', url: '/api/business/csd', ...(await csdForm(csd)) });
    expect(response.statusCode, response.body).toBe(200);
  }
  return {
    t,
    fake,
    csd,
    certificate: new X509Certificate(csd.cer),
    async close() {
      await t.close();
      await fake.stop();
    },
  };
}

/** A product with its taxes and SAT keys. */
export async function taxedProduct(t: TestApp, name: string, price: number, terms: Partial<TaxTerms>) {
  const db = t.testDb.database.db;
  const product = await seedProduct(db, { name, price, stock: 1000 });
  await setProductTaxes(db, product.id, terms, { satProductCode: '50181900', satUnitCode: 'H87' });
  return product;
}

/** A client with fiscal data (a persona moral in régimen 601 unless told). */
export async function fiscalClient(
  t: TestApp,
  fiscal: { rfc?: string; legalName?: string; taxRegime?: string; taxZipCode?: string; cfdiUse?: string } = {},
) {
  const db = t.testDb.database.db;
  const client = await seedClient(db, { firstName: 'Xenon', lastName: 'Industrial' });
  await db
    .updateTable('clients')
    .set({
      rfc: 'XIA190128J61',
      legalName: 'XENON INDUSTRIAL ARTICLES',
      taxRegime: '601',
      taxZipCode: '76343',
      cfdiUse: 'G03',
      ...fiscal,
    })
    .where('id', '=', client.id)
    .execute();
  return client;
}

/** A sale through the API, a minute ago. */
export function sell(
  t: TestApp,
  items: Array<{ productId: number; quantity: number; price?: number }>,
  options: {
    clientId?: number;
    mode?: 'Cash' | 'Credit';
    method?: PaymentMethod;
    role?: Role;
    /** The app's now when its clock is set (the sale is dated a minute before). */
    at?: number;
  } = {},
): Promise<Receipt> {
  const body: CreateReceiptInput = {
    paymentMode: options.mode ?? 'Cash',
    ...(options.mode !== 'Credit' && options.method ? { paymentMethod: options.method } : {}),
    ...(options.clientId ? { clientId: options.clientId } : {}),
    date: businessNowLocalTimestamp((options.at ?? Date.now()) - 60_000),
    items,
  };
  return createReceipt(t, body, options.role ?? 'Manager');
}

export const postInvoice = (t: TestApp, url: string, payload: object, role: Role = 'Manager') =>
  t.injectAs(role, { method: 'POST', url: `/api/invoice/${url}`, payload });

/** POST /invoice/create that must stamp (201). */
export async function invoiceOf(t: TestApp, payload: object, role: Role = 'Manager'): Promise<InvoiceDetails> {
  const response = await postInvoice(t, 'create', payload, role);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<InvoiceDetails>();
}

export const invoiceRow = (t: TestApp, id: number) =>
  t.testDb.database.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const nextFolio = async (t: TestApp) =>
  Number(
    (
      await t.testDb.database.db
        .selectFrom('businessFiscal')
        .select('nextFolio')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()
    ).nextFolio,
  );

// ——— Reading a CFDI in the test, independently of the server's code ———

const attributesOf = (tag: string) =>
  Object.fromEntries([...tag.matchAll(/([^\s=<]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]));

/** The attributes of every element `name` (cfdi:Concepto, cfdi:Traslado…) in document order. */
export const elements = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}\\s[^>]*?/?>`, 'g'))].map(([tag]) => attributesOf(tag));

const cents = (text: string | undefined) => Math.round(Number(text ?? '0') * 100);

/**
 * What a stamped invoice must be: valid against cfdv40.xsd (the TFD inside too), its Sello the
 * CSD's signature of the SAT's XSLT cadena, its TFD's SelloCFD the same, its arithmetic right:
 * each Importe = Cantidad × ValorUnitario and each tax = Base × TasaOCuota to the centavo, the
 * summary the sum of the concepts', SubTotal the sum of the Importes, Total = SubTotal + taxes.
 */
export async function expectValidCfdi(stamped: string, certificate: X509Certificate): Promise<string> {
  expect(await schemaProblems(satFile('stampedSchema'), stamped)).toEqual([]);
  const sealed = stamped.replace(/<cfdi:Complemento>[\s\S]*<\/cfdi:Complemento>/, '');
  expect(await schemaProblems(satFile('cfdiSchema'), sealed)).toEqual([]);
  const comprobante = elements(sealed, 'cfdi:Comprobante')[0]!;
  const cadena = await transform(satFile('cfdiCadena'), sealed);
  expect(verifySello(cadena, comprobante.Sello!, certificate)).toBe(true);
  expect(elements(stamped, 'tfd:TimbreFiscalDigital')[0]!.SelloCFD).toBe(comprobante.Sello);

  const conceptBlocks = [...sealed.matchAll(/<cfdi:Concepto\s[^>]*?(?:\/>|[^/]>[\s\S]*?<\/cfdi:Concepto>)/g)].map(
    ([block]) => block,
  );
  let subTotal = 0;
  const groups = new Map<string, { base: number; importe: number }>();
  for (const block of conceptBlocks) {
    const concepto = elements(block, 'cfdi:Concepto')[0]!;
    const importe = cents(concepto.Importe);
    expect(Math.abs(Number(concepto.Cantidad) * Number(concepto.ValorUnitario) * 100 - importe)).toBeLessThanOrEqual(1);
    subTotal += importe;
    for (const traslado of elements(block, 'cfdi:Traslado')) {
      const key = `${traslado.Impuesto}|${traslado.TipoFactor}|${traslado.TasaOCuota ?? ''}`;
      const group = groups.get(key) ?? { base: 0, importe: 0 };
      if (traslado.TipoFactor === 'Tasa') {
        expect(
          Math.abs(Number(traslado.Base) * Number(traslado.TasaOCuota) * 100 - cents(traslado.Importe)),
        ).toBeLessThan(1);
      }
      group.base += traslado.TipoFactor === 'Cuota' ? 0 : cents(traslado.Base);
      group.importe += cents(traslado.Importe);
      groups.set(key, group);
    }
  }
  expect(cents(comprobante.SubTotal)).toBe(subTotal);
  const summary = sealed.slice(sealed.lastIndexOf('</cfdi:Conceptos>'));
  let taxes = 0;
  for (const traslado of elements(summary, 'cfdi:Traslado')) {
    const group = groups.get(`${traslado.Impuesto}|${traslado.TipoFactor}|${traslado.TasaOCuota ?? ''}`)!;
    if (traslado.TipoFactor !== 'Cuota') expect(cents(traslado.Base)).toBe(group.base);
    expect(cents(traslado.Importe)).toBe(group.importe);
    taxes += cents(traslado.Importe);
  }
  const totals = elements(summary, 'cfdi:Impuestos')[0];
  if (taxes > 0) expect(cents(totals?.TotalImpuestosTrasladados)).toBe(taxes);
  expect(cents(comprobante.Total)).toBe(subTotal + taxes);
  return sealed;
}
