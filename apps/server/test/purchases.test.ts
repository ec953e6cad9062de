import {
  type CreatePurchaseInput,
  type ListPurchasesResponse,
  NO_OPEN_SHIFT,
  type Product,
  type Purchase,
  PURCHASE_MESSAGES,
  type Receipt,
  SALIDA_EXCEEDS_CASH,
  type Shift,
} from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { createReceipt, inventoryLogsOf, seedProduct, stockOf, TODAY_NOON } from './helpers/factories.js';

let t: TestApp;
/** The tests' now, fixed: 2026-11-21 12:00 in Monterrey. */
const CLOCK_NOW = Date.parse('2026-11-21T18:00:00Z');
const db = () => t.testDb.database.db;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => CLOCK_NOW });
});
afterAll(() => t.close());

let supplierCount = 0;
async function newSupplier(name = `Proveedor ${++supplierCount}`) {
  const response = await t.injectAs('Manager', { method: 'POST', url: '/api/supplier/register', payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; name: string }>();
}

const postPurchase = (
  body: CreatePurchaseInput | Record<string, unknown>,
  role: 'Admin' | 'Manager' | 'Seller' = 'Manager',
) => t.injectAs(role, { method: 'POST', url: '/api/purchase/create', payload: body as object });

async function purchase(body: CreatePurchaseInput, role: 'Admin' | 'Manager' = 'Manager'): Promise<Purchase> {
  const response = await postPurchase(body, role);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Purchase>();
}

const cancelPurchase = (id: number, role: 'Admin' | 'Manager' | 'Seller' = 'Manager') =>
  t.injectAs(role, { method: 'POST', url: `/api/purchase/cancel/${id}` });

async function costsOf(productId: number) {
  return db()
    .selectFrom('products')
    .select(['averageCostMicros', 'lastCostMicros', 'lastSupplierId', 'stockMilli'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
}

async function productAs(role: 'Manager' | 'Seller', id: number): Promise<Product> {
  const response = await t.injectAs(role, { method: 'GET', url: '/api/product/list' });
  expect(response.statusCode).toBe(200);
  return response.json<{ products: Product[] }>().products.find((p) => p.id === id)!;
}

describe('average cost through purchases, a return and a cancelled purchase', () => {
  it('stays exact to the micro and shows to the centavo', async () => {
    const supplier = await newSupplier();
    const product = await seedProduct(db(), { stock: 0, name: 'Aceite 1 L' });
    const buy = (quantity: number, unitCost: number) =>
      purchase({ supplierId: supplier.id, paid: 'crédito', items: [{ productId: product.id, quantity, unitCost }] });

    // 10 at $10: the first purchase sets the average.
    const first = await buy(10, 10);
    expect(first).toMatchObject({
      total: 100,
      paid: 'crédito',
      fromDrawer: false,
      date: '2026-11-21',
      cancelledAt: null,
    });
    expect(await costsOf(product.id)).toEqual({
      averageCostMicros: 10_000_000,
      lastCostMicros: 10_000_000,
      lastSupplierId: supplier.id,
      stockMilli: 10_000,
    });
    // + 5 at $13.3333: (100 + 66.6665) / 15 = 11.1111.
    await buy(5, 13.3333);
    expect((await costsOf(product.id)).averageCostMicros).toBe(11_111_100);
    // + 3 at $12.50: (166.6665 + 37.5) / 18 = 11.342583…
    await buy(3, 12.5);
    expect((await costsOf(product.id)).averageCostMicros).toBe(11_342_583);
    expect(await productAs('Manager', product.id)).toMatchObject({ averageCost: 11.34, lastCost: 12.5 });

    // A sale of 4 records the average at that moment and leaves it alone.
    const sale: Receipt = await createReceipt(t, {
      paymentMode: 'Credit',
      clientId: (
        await db()
          .insertInto('clients')
          .values({ firstName: 'Ana', lastName: 'Ruiz', createdAt: CLOCK_NOW, updatedAt: CLOCK_NOW })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
      date: TODAY_NOON,
      items: [{ productId: product.id, quantity: 4, price: 20 }],
    });
    const soldAt = await db()
      .selectFrom('receiptItems')
      .select('unitCostMicros')
      .where('receiptId', '=', sale.id)
      .executeTakeFirstOrThrow();
    expect(soldAt.unitCostMicros).toBe(11_342_583);
    expect((await costsOf(product.id)).averageCostMicros).toBe(11_342_583);

    // + 6 at $9.99 on a stock of 14: (14 × 11.342583 + 59.94) / 20 = 10.9368081.
    const cheap = await buy(6, 9.99);
    expect((await costsOf(product.id)).averageCostMicros).toBe(10_936_808);

    // 2 of the sold 4 come back at their cost at sale: (20 × 10.936808 + 2 × 11.342583) / 22 = 10.97369663…
    const back = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/receipt/return',
      payload: { receiptId: sale.id, items: [{ itemId: sale.items[0]!.id, quantity: 2 }], reason: 'No le gustó' },
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(await costsOf(product.id)).toMatchObject({ averageCostMicros: 10_973_697, stockMilli: 22_000 });

    // Cancelling the $9.99 purchase undoes it: (22 × 10.973697 − 59.94) / 16 = 11.342583375.
    const cancelled = await cancelPurchase(cheap.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Purchase>()).toMatchObject({
      id: cheap.id,
      cancelledAt: new Date(CLOCK_NOW).toISOString(),
      cancelledBy: { id: expect.any(Number), name: expect.any(String) },
    });
    // The last cost and supplier stay: who sold it last, and at what price, is still true.
    expect(await costsOf(product.id)).toEqual({
      averageCostMicros: 11_342_583,
      lastCostMicros: 9_990_000,
      lastSupplierId: supplier.id,
      stockMilli: 16_000,
    });
    expect(await productAs('Manager', product.id)).toMatchObject({ averageCost: 11.34, lastCost: 9.99 });

    // The stock's logs name the purchases: an ADD each, and the cancel's REMOVE.
    const logs = await inventoryLogsOf(db(), product.id);
    expect(logs.map((l) => [l.reason, l.delta, l.purchaseId === null ? null : 'purchase'])).toEqual([
      ['ADD', 10, 'purchase'],
      ['ADD', 5, 'purchase'],
      ['ADD', 3, 'purchase'],
      ['SALE', -4, null],
      ['ADD', 6, 'purchase'],
      ['RETURN', 2, null],
      ['REMOVE', -6, 'purchase'],
    ]);
    expect(logs.at(-1)!.purchaseId).toBe(cheap.id);
    expect(logs.reduce((sum, l) => sum + l.deltaMilli, 0)).toBe(16_000);
  });

  it('a cancelled sale that restocks brings its lines back at their cost at sale', async () => {
    const supplier = await newSupplier();
    const product = await seedProduct(db(), { stock: 0 });
    await purchase({
      supplierId: supplier.id,
      paid: 'crédito',
      items: [{ productId: product.id, quantity: 4, unitCost: 12 }],
    });
    const sale = await createReceipt(t, {
      paymentMode: 'Cash',
      date: TODAY_NOON,
      items: [{ productId: product.id, quantity: 1, price: 20 }],
    });
    await purchase({
      supplierId: supplier.id,
      paid: 'crédito',
      items: [{ productId: product.id, quantity: 3, unitCost: 5 }],
    });
    // (3 × 12 + 3 × 5) / 6 = 8.50
    expect((await costsOf(product.id)).averageCostMicros).toBe(8_500_000);
    const cancelled = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/receipt/changeState',
      payload: { id: sale.id, state: 'Cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The unit comes back at $12: (6 × 8.5 + 12) / 7 = 9.
    expect(await costsOf(product.id)).toMatchObject({ averageCostMicros: 9_000_000, stockMilli: 7_000 });
  });

  it('a line sold without a known cost comes back without moving the average', async () => {
    const product = await seedProduct(db(), { stock: 5 });
    const sale = await createReceipt(t, {
      paymentMode: 'Cash',
      date: TODAY_NOON,
      items: [{ productId: product.id, quantity: 2, price: 20 }],
    });
    expect(sale.items[0]).toBeDefined();
    const supplier = await newSupplier();
    await purchase({
      supplierId: supplier.id,
      paid: 'contado',
      items: [{ productId: product.id, quantity: 1, unitCost: 7 }],
    });
    const back = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/receipt/return',
      payload: { receiptId: sale.id, items: [{ itemId: sale.items[0]!.id, quantity: 1 }], reason: 'Roto' },
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(await costsOf(product.id)).toMatchObject({ averageCostMicros: 7_000_000, stockMilli: 5_000 });
  });

  it('one purchase bringing a product on two lines averages both exactly', async () => {
    const supplier = await newSupplier();
    const product = await seedProduct(db(), { stock: 0 });
    const bought = await purchase({
      supplierId: supplier.id,
      paid: 'crédito',
      items: [
        { productId: product.id, quantity: 1, unitCost: 10 },
        { productId: product.id, quantity: 2, unitCost: 11 },
      ],
    });
    expect(bought.total).toBe(32);
    // $32 / 3 = 10.666667; the last cost is the last line's.
    expect(await costsOf(product.id)).toMatchObject({
      averageCostMicros: 10_666_667,
      lastCostMicros: 11_000_000,
      stockMilli: 3_000,
    });
    expect((await inventoryLogsOf(db(), product.id)).map((l) => l.delta)).toEqual([3]);
  });
});

describe('POST /api/purchase/cancel', () => {
  it('is refused, naming the product, when its stock would go below zero; nothing moves', async () => {
    const supplier = await newSupplier();
    const product = await seedProduct(db(), { stock: 0, name: 'Jabón Zote' });
    const bought = await purchase({
      supplierId: supplier.id,
      paid: 'crédito',
      items: [{ productId: product.id, quantity: 5, unitCost: 8.5 }],
    });
    await createReceipt(t, {
      paymentMode: 'Cash',
      date: TODAY_NOON,
      items: [{ productId: product.id, quantity: 3, price: 15 }],
    });
    const before = await costsOf(product.id);

    const refused = await cancelPurchase(bought.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(
      errorBody('No se puede cancelar la compra: el stock de Jabón Zote quedaría en -3.', 'CONFLICT'),
    );
    expect(await costsOf(product.id)).toEqual(before);
    const details = await t.injectAs('Manager', { method: 'GET', url: `/api/purchase/details/${bought.id}` });
    expect(details.json<Purchase>().cancelledAt).toBeNull();
  });

  it('answers 409 for a purchase already cancelled and 404 for none', async () => {
    const supplier = await newSupplier();
    const product = await seedProduct(db(), { stock: 0 });
    const bought = await purchase({
      supplierId: supplier.id,
      paid: 'crédito',
      items: [{ productId: product.id, quantity: 1, unitCost: 1 }],
    });
    expect((await cancelPurchase(bought.id)).statusCode).toBe(200);
    const again = await cancelPurchase(bought.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorBody(`La compra #${bought.id} ya está cancelada.`, 'CONFLICT'));
    expect(await stockOf(db(), product.id)).toBe(0);
    const none = await cancelPurchase(999_999);
    expect(none.json()).toEqual(errorBody('La compra #999999 no existe.', 'NOT_FOUND'));
  });
});

describe('paid from the drawer', () => {
  it('is a Salida of the open shift, refused beyond its cash, and comes back as an Entrada on cancel', async () => {
    const supplier = await newSupplier('Abarrotes del Norte');
    const product = await seedProduct(db(), { stock: 0 });
    const item = (quantity: number) => [{ productId: product.id, quantity, unitCost: 100 }];

    // Nobody's drawer is open: refused with the drawer's own message.
    const noShift = await postPurchase(
      { supplierId: supplier.id, paid: 'contado', fromDrawer: true, items: item(1) },
      'Admin',
    );
    expect(noShift.statusCode).toBe(409);
    expect(noShift.json()).toEqual(errorBody(NO_OPEN_SHIFT, 'CONFLICT'));

    const opened = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/cash/open',
      payload: { openingFloat: 500 },
    });
    expect(opened.statusCode, opened.body).toBe(201);

    const paid = await purchase({ supplierId: supplier.id, paid: 'contado', fromDrawer: true, items: item(2) });
    expect(paid).toMatchObject({ fromDrawer: true, total: 200 });
    let shift = (await t.injectAs('Manager', { method: 'GET', url: '/api/cash/current' })).json<{ shift: Shift }>()
      .shift;
    expect(shift).toMatchObject({ salidas: 200, expected: 300 });
    expect(shift.movements.map((m) => [m.type, m.amount, m.note])).toEqual([
      ['Salida', 200, `Compra #${paid.id} a Abarrotes del Norte`],
    ]);

    // $400 from a drawer holding $300: refused, and nothing of the purchase is written.
    const tooMuch = await postPurchase({ supplierId: supplier.id, paid: 'contado', fromDrawer: true, items: item(4) });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual(errorBody(SALIDA_EXCEEDS_CASH, 'CONFLICT'));
    expect(await stockOf(db(), product.id)).toBe(2);
    expect((await costsOf(product.id)).averageCostMicros).toBe(100_000_000);

    // Cancelled while the shift is open: the cash goes back in.
    expect((await cancelPurchase(paid.id)).statusCode).toBe(200);
    shift = (await t.injectAs('Manager', { method: 'GET', url: '/api/cash/current' })).json<{ shift: Shift }>().shift;
    expect(shift).toMatchObject({ salidas: 200, entradas: 200, expected: 500 });
    expect(shift.movements.at(-1)).toMatchObject({
      type: 'Entrada',
      amount: 200,
      note: `Cancelación de la compra #${paid.id} a Abarrotes del Norte`,
    });
    expect(await stockOf(db(), product.id)).toBe(0);
  });
});

describe('supplier by RFC and the CFDI UUID', () => {
  it('finds or creates the supplier in the purchase, remembers its codes, and refuses the same UUID twice', async () => {
    const product = await seedProduct(db(), { stock: 0 });
    const uuid = '6f1e2c3a-1b2c-4d5e-8f90-a1b2c3d4e5f6';
    const body: CreatePurchaseInput = {
      supplier: { name: 'Empresa Kuali', rfc: 'eku9003173c9' },
      cfdiUuid: uuid,
      invoiceFolio: 'A-123',
      date: '2026-11-20',
      paid: 'crédito',
      items: [{ productId: product.id, quantity: 2, unitCost: 1.2345, supplierCode: ' ref-77 ' }],
    };
    const first = await purchase(body);
    expect(first).toMatchObject({
      supplier: { name: 'Empresa Kuali', rfc: 'EKU9003173C9' },
      cfdiUuid: uuid.toUpperCase(),
      invoiceFolio: 'A-123',
      date: '2026-11-20',
      total: 2.47,
      items: [{ productId: product.id, quantity: 2, unitCost: 1.2345, amount: 2.47, supplierCode: 'ref-77' }],
    });
    const mapping = await db()
      .selectFrom('supplierProductCodes')
      .selectAll()
      .where('supplierId', '=', first.supplier.id)
      .execute();
    expect(mapping).toEqual([
      { supplierId: first.supplier.id, codeKey: 'ref-77', productId: product.id, updatedAt: CLOCK_NOW },
    ]);

    const twice = await postPurchase({ ...body, cfdiUuid: uuid.toUpperCase() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual(
      errorBody(`El CFDI ${uuid.toUpperCase()} ya se registró en la compra #${first.id}.`, 'CONFLICT'),
    );
    expect(await stockOf(db(), product.id)).toBe(2);

    // Cancelled, the purchase frees its CFDI: entered again, the UUID holds the new purchase only.
    expect((await cancelPurchase(first.id)).statusCode).toBe(200);
    const again = await purchase(body);
    expect(again).toMatchObject({ cfdiUuid: uuid.toUpperCase(), total: 2.47 });
    expect(again.id).not.toBe(first.id);
    expect(await stockOf(db(), product.id)).toBe(2);
    const third = await postPurchase(body);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual(
      errorBody(`El CFDI ${uuid.toUpperCase()} ya se registró en la compra #${again.id}.`, 'CONFLICT'),
    );

    // The same RFC again finds the same supplier.
    const second = await purchase({
      ...body,
      cfdiUuid: undefined,
      supplier: { name: 'Otro nombre', rfc: 'EKU9003173C9' },
    });
    expect(second.supplier).toEqual(first.supplier);
    const suppliers = await db().selectFrom('suppliers').select('id').where('rfc', '=', 'EKU9003173C9').execute();
    expect(suppliers).toHaveLength(1);
  });
});

describe('who and what', () => {
  it('refuses a Seller, and a Seller never sees a cost', async () => {
    const supplier = await newSupplier();
    const product = await seedProduct(db(), { stock: 0 });
    const refused = await postPurchase(
      { supplierId: supplier.id, paid: 'crédito', items: [{ productId: product.id, quantity: 1, unitCost: 3 }] },
      'Seller',
    );
    expect(refused.statusCode).toBe(403);
    expect((await t.injectAs('Seller', { method: 'GET', url: '/api/purchase/list' })).statusCode).toBe(403);
    await purchase({
      supplierId: supplier.id,
      paid: 'crédito',
      items: [{ productId: product.id, quantity: 1, unitCost: 3 }],
    });
    const seen = await productAs('Seller', product.id);
    expect(seen).not.toHaveProperty('averageCost');
    expect(seen).not.toHaveProperty('lastCost');
    expect(seen).not.toHaveProperty('lastSupplierId');
    const lookup = await t.injectAs('Seller', { method: 'GET', url: `/api/product/lookup?code=${product.cuid}` });
    expect(lookup.json<{ product: Product }>().product).not.toHaveProperty('averageCost');
    expect(await productAs('Manager', product.id)).toMatchObject({
      averageCost: 3,
      lastCost: 3,
      lastSupplierId: supplier.id,
    });
  });

  it.each([
    [{ paid: 'crédito', items: [{ productId: 1, quantity: 1, unitCost: 1 }] }, PURCHASE_MESSAGES.supplierRequired],
    [
      {
        supplierId: 1,
        supplier: { name: 'X', rfc: 'EKU9003173C9' },
        paid: 'crédito',
        items: [{ productId: 1, quantity: 1, unitCost: 1 }],
      },
      PURCHASE_MESSAGES.supplierTwice,
    ],
    [{ supplierId: 1, paid: 'crédito', items: [] }, 'La compra debe tener al menos un producto.'],
    [
      { supplierId: 1, paid: 'crédito', items: [{ productId: 1, quantity: 1, unitCost: 1.23456 }] },
      'El costo unitario debe ser un número mayor o igual a 0, con hasta 4 decimales.',
    ],
    [
      { supplierId: 1, paid: 'crédito', items: [{ productId: 1, quantity: 1, unitCost: -1 }] },
      'El costo unitario debe ser un número mayor o igual a 0, con hasta 4 decimales.',
    ],
    [
      { supplierId: 1, paid: 'crédito', items: [{ productId: 1, quantity: 0, unitCost: 1 }] },
      'La cantidad debe ser un número mayor a 0, con hasta 3 decimales.',
    ],
    [
      { supplierId: 1, paid: 'crédito', fromDrawer: true, items: [{ productId: 1, quantity: 1, unitCost: 1 }] },
      'Solo una compra de contado se paga con el efectivo de la caja.',
    ],
    [
      { supplierId: 1, paid: 'fiado', items: [{ productId: 1, quantity: 1, unitCost: 1 }] },
      "La forma de pago debe ser 'contado' o 'crédito'.",
    ],
    [
      { supplierId: 1, paid: 'crédito', cfdiUuid: 'no-es-uuid', items: [{ productId: 1, quantity: 1, unitCost: 1 }] },
      'El UUID del CFDI no es válido.',
    ],
    [
      { supplierId: 1, paid: 'crédito', date: '2026-02-30', items: [{ productId: 1, quantity: 1, unitCost: 1 }] },
      'La fecha debe tener la forma AAAA-MM-DD.',
    ],
    [
      { supplierId: 1, paid: 'crédito', items: [{ productId: 1, quantity: 1_000_000, unitCost: 10_000_000 }] },
      'El total de la compra no puede ser mayor a $10,000,000.',
    ],
  ])('refuses %j with a 400 in Spanish', async (body, message) => {
    const response = await postPurchase(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody(message, 'VALIDATION_ERROR'));
  });

  it('refuses a date after today, a fraction of a piece and an unknown product, writing nothing', async () => {
    const supplier = await newSupplier();
    const product = await seedProduct(db(), { stock: 0, name: 'Clavo' });
    const line = { productId: product.id, quantity: 1, unitCost: 1 };
    const future = await postPurchase({ supplierId: supplier.id, paid: 'crédito', date: '2026-11-22', items: [line] });
    expect(future.json()).toEqual(errorBody(PURCHASE_MESSAGES.futureDate, 'VALIDATION_ERROR'));
    const fraction = await postPurchase({
      supplierId: supplier.id,
      paid: 'crédito',
      items: [{ ...line, quantity: 1.5 }],
    });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().message).toContain('Clavo');
    const unknown = await postPurchase({
      supplierId: supplier.id,
      paid: 'crédito',
      items: [line, { ...line, productId: 999_999 }],
    });
    expect(unknown.json()).toEqual(errorBody('El producto #999999 no existe.', 'NOT_FOUND'));
    const noSupplier = await postPurchase({ supplierId: 999_999, paid: 'crédito', items: [line] });
    expect(noSupplier.json()).toEqual(errorBody('El proveedor #999999 no existe.', 'NOT_FOUND'));
    expect(await stockOf(db(), product.id)).toBe(0);
    expect(await db().selectFrom('purchaseItems').select('id').where('productId', '=', product.id).execute()).toEqual(
      [],
    );
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first purchase, its stock in once', async () => {
    const supplier = await newSupplier();
    const product = await seedProduct(db(), { stock: 0 });
    const send = () =>
      t.injectAs('Manager', {
        method: 'POST',
        url: '/api/purchase/create',
        headers: { 'idempotency-key': `compra-${product.id}` },
        payload: {
          supplierId: supplier.id,
          paid: 'crédito',
          items: [{ productId: product.id, quantity: 4, unitCost: 2.5 }],
        },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(db(), product.id)).toBe(4);
  });
});

describe('GET /api/purchase/list and details', () => {
  it('lists newest first, by supplier and by day, with its total', async () => {
    const supplier = await newSupplier('Lista S.A.');
    const product = await seedProduct(db(), { stock: 0 });
    const line = [{ productId: product.id, quantity: 1, unitCost: 2 }];
    const older = await purchase({ supplierId: supplier.id, paid: 'crédito', date: '2026-11-19', items: line });
    const newer = await purchase({ supplierId: supplier.id, paid: 'contado', note: 'Entrega parcial', items: line });
    const list = async (query: string) => {
      const response = await t.injectAs('Admin', { method: 'GET', url: `/api/purchase/list?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ListPurchasesResponse>();
    };
    const bySupplier = await list(`supplierId=${supplier.id}`);
    expect(bySupplier.total).toBe(2);
    expect(bySupplier.purchases.map((p) => [p.id, p.itemCount, p.date])).toEqual([
      [newer.id, 1, '2026-11-21'],
      [older.id, 1, '2026-11-19'],
    ]);
    const byDay = await list(`supplierId=${supplier.id}&from=2026-11-19&to=2026-11-20`);
    expect(byDay.purchases.map((p) => p.id)).toEqual([older.id]);
    expect((await list(`supplierId=${supplier.id}&page=2`)).purchases).toEqual([]);
    const bad = await t.injectAs('Admin', { method: 'GET', url: '/api/purchase/list?from=2026-11-21&to=2026-11-01' });
    expect(bad.json()).toEqual(errorBody('La fecha inicial no puede ser posterior a la final.', 'VALIDATION_ERROR'));

    const details = await t.injectAs('Manager', { method: 'GET', url: `/api/purchase/details/${newer.id}` });
    expect(details.json<Purchase>()).toEqual({ ...newer, note: 'Entrega parcial' });
  });
});
