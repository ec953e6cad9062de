import { type CfdiDraft, type ReadCfdiResponse } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/app.js';
import { ensureUser, seedProduct } from './helpers/factories.js';
import {
  cfdi33WithTimbre,
  sealedSupplierCfdi,
  stampAtFakePac,
  type SupplierInvoice,
  uuidOf,
} from './helpers/supplier-cfdi.js';

// A supplier's CFDI XML read into a purchase draft: real CFDIs sealed with a test CSD and stamped
// by the fake PAC; the exact costs (net of IVA, IEPS included) to the micro; the refusals of what
// is not a stamped supplier invoice or not safe to read; the matching of lines to products; and
// that nothing is written.

const SUPPLIER = { rfc: 'XIA190128J61', name: 'XENON INDUSTRIAL ARTICLES' };

/** IVA 16 % with a discount and an IEPS cuota, IVA 0 %, IEPS 8 % and 26.5 %, a weighed line. */
const INVOICE: SupplierInvoice = {
  ...SUPPLIER,
  serie: 'FA',
  folio: '4521',
  fecha: '2026-11-26T09:30:00',
  lines: [
    {
      code: '7501055300075',
      description: 'Refresco de cola 600 ml',
      quantity: '24',
      unitValue: '9.50',
      discount: '12.00',
      iva: '16',
      ieps: { cuota: '0.987060' },
    },
    { code: 'LE-1000', description: 'Leche entera 1 L', quantity: '12', unitValue: '21.35', iva: '0' },
    {
      code: 'SAB-045',
      description: 'Papas fritas  con sal 45 g',
      quantity: '30',
      unitValue: '13.80',
      iva: '16',
      ieps: { rate: '0.080000' },
    },
    {
      code: 'CER-355',
      description: 'Cerveza clara lata 355 ml',
      quantity: '12',
      unitValue: '15.75',
      iva: '16',
      ieps: { rate: '0.265000' },
    },
    {
      code: 'FRI-KG',
      description: 'Frijol negro a granel',
      quantity: '2.5',
      unitValue: '38.40',
      unit: 'Kilogramo',
      satUnitCode: 'KGM',
      satProductCode: '50221101',
      iva: '0',
    },
  ],
};

let t: TestApp;
let stamped: string;
let unstamped: string;
let products: { refresco: number; leche: number; papas: number };

async function readCfdi(files: Array<{ name: string; xml: string | Buffer }>, role: 'Admin' | 'Manager' = 'Manager') {
  const form = new FormData();
  for (const file of files) {
    const data = typeof file.xml === 'string' ? Buffer.from(file.xml, 'utf8') : file.xml;
    form.append('files', new Blob([new Uint8Array(data)], { type: 'text/xml' }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.injectAs(role, {
    method: 'POST',
    url: '/api/purchase/readCfdi',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  });
}

async function draftsOf(files: Array<{ name: string; xml: string | Buffer }>) {
  const response = await readCfdi(files);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReadCfdiResponse>().drafts;
}

/** A file read alone: with no CFDI in the upload the whole answer is a 400 with the file's error. */
const errorOf = async (xml: string | Buffer, name = 'proveedor.xml') => {
  const response = await readCfdi([{ name, xml }]);
  expect(response.statusCode, response.body).toBe(400);
  return response.json<{ message: string }>().message;
};

const counts = async () => {
  const db = t.testDb.database.db;
  const count = async (table: 'purchases' | 'suppliers' | 'supplierProductCodes' | 'inventoryLogs') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    purchases: await count('purchases'),
    suppliers: await count('suppliers'),
    codes: await count('supplierProductCodes'),
    logs: await count('inventoryLogs'),
  };
};

beforeAll(async () => {
  t = await createTestApp();
  unstamped = await sealedSupplierCfdi(INVOICE);
  [stamped] = (await stampAtFakePac([unstamped])) as [string];
  const db = t.testDb.database.db;
  products = {
    refresco: (await seedProduct(db, { cuid: 'REF-600', name: 'Coca-Cola 600 ml', barcode: '7501055300075' })).id,
    // The shop's code written in another case: codes are the same ignoring case.
    leche: (await seedProduct(db, { cuid: 'le-1000', name: 'Leche Lala 1 L' })).id,
    papas: (await seedProduct(db, { cuid: 'PAP-45', name: 'Sabritas sal 45 g' })).id,
  };
}, 60_000);
afterAll(() => t?.close());

const draftLines = (match: { papas: CfdiDraft['lines'][number]['match'] }): CfdiDraft['lines'] => [
  {
    supplierCode: '7501055300075',
    description: 'Refresco de cola 600 ml',
    quantity: 24,
    units: 'Pieza',
    // (228.00 − 12.00 + IEPS 23.69) / 24 = 9.987083… (IVA 38.35 apart).
    unitCost: 9.9871,
    ivaRate: '16',
    satProductCode: '50202306',
    satUnitCode: 'H87',
    match: { productId: products.refresco, productName: 'Coca-Cola 600 ml', by: 'barcode' },
  },
  {
    supplierCode: 'LE-1000',
    description: 'Leche entera 1 L',
    quantity: 12,
    units: 'Pieza',
    unitCost: 21.35,
    ivaRate: '0',
    satProductCode: '50202306',
    satUnitCode: 'H87',
    match: { productId: products.leche, productName: 'Leche Lala 1 L', by: 'code' },
  },
  {
    supplierCode: 'SAB-045',
    description: 'Papas fritas con sal 45 g',
    quantity: 30,
    units: 'Pieza',
    // (414.00 + IEPS 8 % 33.12) / 30.
    unitCost: 14.904,
    ivaRate: '16',
    satProductCode: '50202306',
    satUnitCode: 'H87',
    match: match.papas,
  },
  {
    supplierCode: 'CER-355',
    description: 'Cerveza clara lata 355 ml',
    quantity: 12,
    units: 'Pieza',
    // (189.00 + IEPS 26.5 % 50.09) / 12 = 19.924166…
    unitCost: 19.9242,
    ivaRate: '16',
    satProductCode: '50202306',
    satUnitCode: 'H87',
    match: null,
  },
  {
    supplierCode: 'FRI-KG',
    description: 'Frijol negro a granel',
    quantity: 2.5,
    units: 'Kilogramo',
    unitCost: 38.4,
    ivaRate: '0',
    satProductCode: '50221101',
    satUnitCode: 'KGM',
    match: null,
  },
];

describe('POST /purchase/readCfdi', () => {
  it('reads a stamped CFDI 4.0 into the exact draft, writing nothing', async () => {
    const before = await counts();
    const drafts = await draftsOf([{ name: 'FA4521.xml', xml: stamped }]);
    expect(drafts).toEqual([
      {
        fileName: 'FA4521.xml',
        supplier: { id: null, rfc: 'XIA190128J61', name: 'XENON INDUSTRIAL ARTICLES' },
        invoiceFolio: 'FA-4521',
        cfdiUuid: uuidOf(stamped),
        date: '2026-11-26',
        alreadyImported: false,
        // 1183.20 − 12.00 + IVA 148.14 + IEPS 23.69 + 33.12 + 50.09.
        total: 1426.24,
        lines: draftLines({ papas: null }),
      },
    ]);
    expect(uuidOf(stamped)).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
    expect(await counts()).toEqual(before);
  });

  it('reads a CFDI 3.3 with its timbre the same way', async () => {
    const uuid = 'A1B2C3D4-0000-4000-8000-0000000033AA';
    const [draft] = await draftsOf([{ name: 'v33.xml', xml: cfdi33WithTimbre({ ...INVOICE, folio: '33' }, uuid) }]);
    expect(draft).toEqual({
      fileName: 'v33.xml',
      supplier: { id: null, rfc: 'XIA190128J61', name: 'XENON INDUSTRIAL ARTICLES' },
      invoiceFolio: 'FA-33',
      cfdiUuid: uuid,
      date: '2026-11-26',
      alreadyImported: false,
      total: 1426.24,
      lines: draftLines({ papas: null }),
    });
  });

  it("matches the supplier by RFC and a line by the shop's mapping for that supplier, even over a code", async () => {
    const db = t.testDb.database.db;
    const now = Date.now();
    const supplier = await db
      .insertInto('suppliers')
      .values({
        name: 'Xenon',
        rfc: 'XIA190128J61',
        phone: null,
        contact: null,
        notes: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A product whose own code is the supplier's 'LE-1000' was matched by code above; the shop
    // mapped that supplier's code to another product, and its choice wins.
    const otherMilk = await seedProduct(db, { cuid: 'LECHE-ALPURA', name: 'Leche Alpura 1 L' });
    await db
      .insertInto('supplierProductCodes')
      .values([
        { supplierId: supplier.id, codeKey: 'sab-045', productId: products.papas, updatedAt: now },
        { supplierId: supplier.id, codeKey: 'le-1000', productId: otherMilk.id, updatedAt: now },
      ])
      .execute();
    try {
      const [draft] = (await draftsOf([{ name: 'FA4521.xml', xml: stamped }])) as [CfdiDraft];
      expect(draft.supplier).toEqual({ id: supplier.id, rfc: 'XIA190128J61', name: 'XENON INDUSTRIAL ARTICLES' });
      const expected = draftLines({
        papas: { productId: products.papas, productName: 'Sabritas sal 45 g', by: 'mapping' },
      });
      expected[1]!.match = { productId: otherMilk.id, productName: 'Leche Alpura 1 L', by: 'mapping' };
      expect(draft.lines).toEqual(expected);

      // Another supplier's mapping of the same code is not this supplier's.
      const [other] = (await draftsOf([
        { name: 'otro.xml', xml: cfdi33WithTimbre({ ...INVOICE, rfc: 'URE180429TM6', name: 'UNIVERSIDAD' }) },
      ])) as [CfdiDraft];
      expect(other.supplier.id).toBeNull();
      expect(other.lines.map((line) => line.match?.by ?? null)).toEqual(['barcode', 'code', null, null, null]);
    } finally {
      await db.deleteFrom('supplierProductCodes').execute();
      await db.deleteFrom('products').where('id', '=', otherMilk.id).execute();
    }
  });

  it('says when a purchase already holds the UUID, and reads the same CFDI twice in one upload only once', async () => {
    const db = t.testDb.database.db;
    const user = await ensureUser(db, { role: 'Manager', email: 'manager@prueba.mx', password: TEST_PASSWORD });
    const now = Date.now();
    const supplier =
      (await db.selectFrom('suppliers').select('id').where('rfc', '=', 'XIA190128J61').executeTakeFirst()) ??
      (await db
        .insertInto('suppliers')
        .values({
          name: 'Xenon',
          rfc: 'XIA190128J61',
          phone: null,
          contact: null,
          notes: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    const [before] = (await draftsOf([{ name: 'a.xml', xml: stamped }])) as [CfdiDraft];
    expect(before.alreadyImported).toBe(false);
    await db
      .insertInto('purchases')
      .values({
        supplierId: supplier.id,
        date: now,
        invoiceFolio: 'FA-4521',
        cfdiUuid: uuidOf(stamped),
        paid: 'crédito',
        note: null,
        totalCents: 0,
        userId: user.id,
        cashMovementId: null,
        createdAt: now,
        cancelledAt: null,
        cancelledBy: null,
      })
      .execute();
    const drafts = await draftsOf([
      { name: 'a.xml', xml: stamped },
      { name: 'a (copia).xml', xml: stamped },
    ]);
    expect((drafts[0] as CfdiDraft).alreadyImported).toBe(true);
    expect(drafts[1]).toEqual({
      fileName: 'a (copia).xml',
      error: 'Este CFDI ya viene en otro archivo de esta carga (mismo UUID).',
    });
    // A cancelled purchase frees its CFDI: the shop reads it again to enter it right.
    await db.updateTable('purchases').set({ cancelledAt: now, cancelledBy: user.id }).execute();
    const [again] = (await draftsOf([{ name: 'a.xml', xml: stamped }])) as [CfdiDraft];
    expect(again.alreadyImported).toBe(false);
    await db.deleteFrom('purchases').execute();
  });

  describe('refuses, file by file, what is not a stamped supplier invoice', () => {
    it('a CFDI without its TimbreFiscalDigital', async () => {
      expect(await errorOf(unstamped)).toBe('El CFDI no está timbrado: le falta el Timbre Fiscal Digital (TFD).');
    });

    it('a complemento de pago and a nota de crédito', async () => {
      expect(await errorOf(stamped.replace('TipoDeComprobante="I"', 'TipoDeComprobante="P"'))).toBe(
        'El CFDI es de tipo Pago (un complemento de pago), no una factura de ingreso: no trae mercancía para registrar una compra.',
      );
      expect(await errorOf(stamped.replace('TipoDeComprobante="I"', 'TipoDeComprobante="E"'))).toBe(
        'El CFDI es de tipo Egreso (una nota de crédito), no una factura de ingreso: no trae mercancía para registrar una compra.',
      );
    });

    it('another version, another XML, and what is not XML', async () => {
      expect(await errorOf(stamped.replace('Version="4.0"', 'Version="3.2"'))).toBe(
        'Solo se leen CFDI versión 3.3 o 4.0; este es versión 3.2.',
      );
      expect(await errorOf('<?xml version="1.0"?><factura><total>10</total></factura>')).toBe(
        'El archivo no es un CFDI (factura electrónica del SAT).',
      );
      expect(await errorOf('hola, esto no es un XML')).toBe('El archivo no es un XML válido.');
      expect(await errorOf(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'))).toBe(
        'El XML no está en UTF-8, como el SAT pide para un CFDI.',
      );
      expect(await errorOf(stamped.slice(0, stamped.length / 2))).toBe('El archivo no es un XML válido.');
    });

    it('amounts that do not add up, and a foreign currency', async () => {
      expect(await errorOf(stamped.replace(/ Total="[^"]+"/, ' Total="1500.00"'))).toBe(
        'Los importes del CFDI no cuadran: el Total no es el SubTotal menos el descuento más los impuestos.',
      );
      expect(await errorOf(stamped.replace(/ Importe="414.00"/, ' Importe="400.00"'))).toBe(
        'Los importes del CFDI no cuadran: el SubTotal no es la suma de los importes de los conceptos.',
      );
      expect(await errorOf(stamped.replace('Moneda="MXN"', 'Moneda="USD"'))).toBe(
        'El CFDI está en USD: solo se leen facturas en pesos (MXN).',
      );
    });

    it('any DOCTYPE: entity expansion (billion laughs) and external entities are never read', async () => {
      const doctype =
        'El XML trae una declaración DOCTYPE (entidades o referencias externas): un CFDI no la tiene y, por seguridad, no se lee.';
      const laughs = [
        '<?xml version="1.0"?>',
        '<!DOCTYPE lolz [',
        '<!ENTITY lol "lol">',
        ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
        ']>',
        '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0">&lol9;</cfdi:Comprobante>',
      ].join('\n');
      const started = Date.now();
      expect(await errorOf(laughs)).toBe(doctype);
      expect(Date.now() - started).toBeLessThan(2000);
      const external = stamped.replace(
        '<cfdi:Comprobante',
        '<!DOCTYPE cfdi:Comprobante [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<cfdi:Comprobante',
      );
      expect(await errorOf(external.replace('Nombre="XENON INDUSTRIAL ARTICLES"', 'Nombre="&xxe;"'))).toBe(doctype);
      // An entity used without any declaration is not expanded either: the file is not XML.
      expect(await errorOf(stamped.replace('Nombre="XENON INDUSTRIAL ARTICLES"', 'Nombre="&xxe;"'))).toBe(
        'El archivo no es un XML válido.',
      );
    });

    it('a file over 1 MB, while the others of the upload are read', async () => {
      const large = stamped.replace('</cfdi:Comprobante>', `<!--${'x'.repeat(1024 * 1024)}--></cfdi:Comprobante>`);
      const drafts = await draftsOf([
        { name: 'grande.xml', xml: large },
        { name: 'bueno.xml', xml: stamped },
      ]);
      expect(drafts[0]).toEqual({
        fileName: 'grande.xml',
        error: 'El archivo pesa más de 1 MB: una factura de proveedor pesa unos pocos KB.',
      });
      expect((drafts[1] as CfdiDraft).cfdiUuid).toBe(uuidOf(stamped));
    });
  });

  it('refuses an upload with no CFDI in it as a whole, naming what each file is', async () => {
    const response = await readCfdi([
      { name: 'notas.txt', xml: 'hola, esto no es un XML' },
      { name: 'sin-timbre.xml', xml: unstamped },
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      message:
        'notas.txt: El archivo no es un XML válido. ' +
        'sin-timbre.xml: El CFDI no está timbrado: le falta el Timbre Fiscal Digital (TFD).',
    });
  });

  it('refuses an empty form and more than 20 files as a whole', async () => {
    const empty = await readCfdi([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Sube al menos un archivo XML de factura de proveedor.' });
    const twenty = await draftsOf(Array.from({ length: 20 }, (_, i) => ({ name: `${i}.xml`, xml: stamped })));
    expect(twenty).toHaveLength(20);
    expect(twenty.filter((draft) => 'error' in draft)).toHaveLength(19);
    const many = await readCfdi(Array.from({ length: 21 }, (_, i) => ({ name: `${i}.xml`, xml: stamped })));
    expect(many.statusCode).toBe(413);
    expect(many.json()).toMatchObject({ message: 'Sube como máximo 20 archivos XML a la vez.' });
  });

  it('is not for a Seller', async () => {
    const response = await t.injectAs('Seller', { method: 'POST', url: '/api/purchase/readCfdi', payload: {} });
    expect(response.statusCode).toBe(403);
  });
});
