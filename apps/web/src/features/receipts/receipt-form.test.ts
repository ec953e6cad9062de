import { schemaResolver } from '@mantine/form';
import { CREDIT_NEEDS_CLIENT, createReceiptBodySchema, MAX_QUANTITY, MAX_RECEIPT_ITEMS } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_CREATE_NEW,
  CLIENT_UNSPECIFIED,
  emptyReceiptItem,
  type FormProduct,
  formTotalCents,
  initialReceiptFormValues,
  lineTotalCents,
  paymentAmountError,
  prefillDateValue,
  receiptFormSchema,
  type ReceiptFormItem,
  type ReceiptFormValues,
  toCreateReceiptBody,
} from './receipt-form';

// 2026-11-21 12:30:15 in Monterrey (UTC−6).
const NOW = Date.parse('2026-11-21T18:30:15.000Z');
// 1 and 3 are sold by the piece with their price typed on each sale; 2 is cheese by weight with
// its own price and a wholesale price from 5 kg.
const piece = { price: null, wholesalePrice: null, wholesaleMinQuantity: null, sellsByWeight: false };
const known = new Map<number, FormProduct & { name: string }>([
  [1, { name: 'Jabón', ...piece }],
  [2, { name: 'Queso', price: 189.9, wholesalePrice: 170, wholesaleMinQuantity: 5, sellsByWeight: true }],
  [3, { name: 'Cerillos', ...piece }],
]);

const row = (overrides: Partial<ReceiptFormItem> = {}): ReceiptFormItem => ({
  ...emptyReceiptItem(),
  productId: '1',
  quantity: 2,
  price: 10,
  ...overrides,
});

const values = (overrides: Partial<ReceiptFormValues> = {}): ReceiptFormValues => ({
  ...initialReceiptFormValues(null, NOW),
  items: [row()],
  ...overrides,
});

/** The errors as the form shows them: the first message of each field. */
const errorsOf = (v: ReceiptFormValues) => schemaResolver(receiptFormSchema(known), { sync: true })(v);

describe('initial values', () => {
  it('start as cash, unspecified client, now in Monterrey, printing off, one empty row', () => {
    const v = initialReceiptFormValues(null, NOW);
    expect(v).toMatchObject({
      clientId: String(CLIENT_UNSPECIFIED),
      paymentMode: 'Cash',
      paymentMethod: 'Efectivo',
      date: '2026-11-21 12:30:15',
      printReceipt: false,
    });
    expect(v.items).toHaveLength(1);
    expect(v.items[0]).toMatchObject({ isEnabled: true, productId: null, quantity: 1, price: '' });
  });

  it('take the assistant prefill, marking what it did not understand, printing on for credit', () => {
    const v = initialReceiptFormValues(
      {
        clientId: 5,
        paymentMode: 'Credit',
        state: 'Pending',
        date: '2026-11-20',
        items: [
          { isEnabled: true, productId: 2, quantity: 3, price: 12.5, isValid: true },
          { isEnabled: true, productId: null, quantity: 1, price: 0, isValid: false },
          { isEnabled: false, productId: 3, quantity: Number.NaN, price: 4, isValid: true },
        ],
      },
      NOW,
    );
    expect(v.clientId).toBe('5');
    expect(v.paymentMode).toBe('Credit');
    expect(v.printReceipt).toBe(true);
    expect(v.date).toBe('2026-11-20 12:30:15');
    expect(v.items.map(({ key: _key, ...rest }) => rest)).toEqual([
      { isEnabled: true, productId: '2', quantity: 3, price: 12.5, needsReview: false },
      { isEnabled: true, productId: null, quantity: 1, price: 0, needsReview: true },
      { isEnabled: false, productId: '3', quantity: '', price: 4, needsReview: false },
    ]);
  });

  it('a null prefill client means unspecified', () => {
    const v = initialReceiptFormValues({ clientId: null, paymentMode: 'Cash', date: null, items: [] }, NOW);
    expect(v.clientId).toBe('-2');
    expect(v.items).toHaveLength(1);
  });
});

describe('prefillDateValue', () => {
  it('reads days, local timestamps and instants as Monterrey wall time', () => {
    expect(prefillDateValue(null, NOW)).toBe('2026-11-21 12:30:15');
    expect(prefillDateValue('2026-11-01', NOW)).toBe('2026-11-01 12:30:15');
    expect(prefillDateValue('2026-11-01T08:05', NOW)).toBe('2026-11-01 08:05:00');
    expect(prefillDateValue('2026-11-01T08:05:09.250', NOW)).toBe('2026-11-01 08:05:09');
    expect(prefillDateValue('2026-11-02T03:00:00.000Z', NOW)).toBe('2026-11-01 21:00:00');
    expect(prefillDateValue('mañana', NOW)).toBe('2026-11-21 12:30:15');
  });
});

describe('form rules: the shared contract plus what only the form knows', () => {
  it('accept a complete cash sale', () => {
    expect(errorsOf(values())).toEqual({});
  });

  it('need at least one enabled item', () => {
    expect(errorsOf(values({ items: [row({ isEnabled: false })] }))).toEqual({ items: 'Agrega al menos un producto.' });
    expect(errorsOf(values({ items: [] }))).toEqual({ items: 'Agrega al menos un producto.' });
  });

  it('need a quantity above 0 and a price above 0 on every enabled row', () => {
    const errors = errorsOf(
      values({
        items: [
          row({ quantity: 0 }),
          row({ productId: '2', quantity: 1.0005 }),
          row({ quantity: -2 }),
          row({ quantity: '' }),
          row({ price: 0 }),
          row({ price: -1 }),
          row({ price: 1.005 }),
          row({ isEnabled: false, quantity: 0, price: 0, productId: null }),
        ],
      }),
    );
    const quantity = 'La cantidad debe ser un número mayor que 0, con hasta 3 decimales.';
    const price = 'El precio debe ser mayor que 0.';
    expect(errors).toEqual({
      'items.0.quantity': quantity,
      'items.1.quantity': quantity,
      'items.2.quantity': quantity,
      'items.3.quantity': quantity,
      'items.4.price': price,
      'items.5.price': price,
      'items.6.price': 'El monto admite como máximo dos decimales.',
    });
  });

  it('refuse a fraction of a product sold by the piece, naming it; a weighed one takes thousandths', () => {
    expect(errorsOf(values({ items: [row({ quantity: 1.5 }), row({ productId: '2', quantity: 0.75 })] }))).toEqual({
      'items.0.quantity': 'El producto "Jabón" se vende por piezas completas; la cantidad no puede tener decimales.',
    });
  });

  it('need a typed price only for a product without its own', () => {
    expect(errorsOf(values({ items: [row({ price: '' }), row({ productId: '2', price: '' })] }))).toEqual({
      'items.0.price': 'El producto "Jabón" no tiene precio de venta; escribe el precio.',
    });
  });

  it('report a row by its place in the form, past disabled rows the body leaves out', () => {
    const errors = errorsOf(
      values({ items: [row({ isEnabled: false }), row({ quantity: MAX_QUANTITY + 1, price: 1 }), row({ price: 0 })] }),
    );
    expect(errors).toEqual({
      'items.1.quantity': 'La cantidad es demasiado grande.',
      'items.2.price': 'El precio debe ser mayor que 0.',
    });
  });

  it('bound the number of rows and the total as the server does', () => {
    const many = Array.from({ length: MAX_RECEIPT_ITEMS + 1 }, () => row());
    expect(errorsOf(values({ items: many }))).toEqual({ items: `Máximo ${MAX_RECEIPT_ITEMS} productos por remisión.` });
    expect(errorsOf(values({ items: [row({ quantity: 2, price: 5_000_000.01 })] }))).toEqual({
      items: 'El total de la remisión no puede exceder $10,000,000.00.',
    });
    expect(errorsOf(values({ items: [row({ quantity: 2, price: 5_000_000 })] }))).toEqual({});
  });

  it('report every problem at once: date, client and rows together', () => {
    expect(errorsOf(values({ paymentMode: 'Credit', date: '', items: [row({ quantity: 0 })] }))).toEqual({
      clientId: CREDIT_NEEDS_CLIENT,
      date: 'La fecha es obligatoria.',
      'items.0.quantity': 'La cantidad debe ser un número mayor que 0, con hasta 3 decimales.',
    });
  });

  it('need a known product, and a look at rows the assistant flagged', () => {
    expect(
      errorsOf(values({ items: [row({ productId: null }), row({ productId: '99' }), row({ needsReview: true })] })),
    ).toEqual({
      'items.0.productId': 'Selecciona un producto.',
      'items.1.productId': 'Producto no encontrado; elige uno de la lista.',
      'items.2.needsReview': 'Revisa esta línea.',
    });
  });

  it('need a client for credit: unspecified and create-new are not clients', () => {
    for (const clientId of [CLIENT_UNSPECIFIED, CLIENT_CREATE_NEW]) {
      expect(errorsOf(values({ paymentMode: 'Credit', clientId: String(clientId) }))).toEqual({
        clientId: CREDIT_NEEDS_CLIENT,
      });
    }
    expect(errorsOf(values({ paymentMode: 'Credit', clientId: '4' }))).toEqual({});
  });

  it("refuse a Seller's price below the product's (or its wholesale from the minimum up), as the server does", () => {
    const bySeller = (v: ReceiptFormValues) =>
      schemaResolver(receiptFormSchema(known, undefined, { mayPriceBelow: false }), { sync: true })(v);
    const cheese = (quantity: number, price: number) => row({ productId: '2', quantity, price });
    const refusal = (floor: string) =>
      `El precio de "Queso" no puede ser menor que ${floor}; solo un administrador o gerente puede venderlo más barato.`;
    expect(
      bySeller(values({ items: [cheese(1, 0.01), cheese(5, 169.99), cheese(4, 170), row({ price: 0.5 })] })),
    ).toEqual({
      'items.0.price': refusal('$189.90'),
      'items.1.price': refusal('$170.00'),
      'items.2.price': refusal('$189.90'),
    });
    // At or above the floor it goes, and a product without a price takes any typed one.
    expect(
      bySeller(values({ items: [cheese(1, 189.9), cheese(5, 170), cheese(1, 200), row({ price: 0.5 })] })),
    ).toEqual({});
    // Admin and Manager may sell lower.
    expect(errorsOf(values({ items: [cheese(1, 0.01)] }))).toEqual({});
  });

  it('refuse a client that is not in the list (a stale prefill)', () => {
    const schema = receiptFormSchema(known, new Set([4]));
    expect(schema.safeParse(values({ clientId: '4' })).success).toBe(true);
    expect(schema.safeParse(values({ clientId: '-2' })).success).toBe(true);
    const result = schema.safeParse(values({ clientId: '77' }));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['clientId', 'El cliente indicado no existe; selecciona otro.'],
    ]);
  });
});

describe('totals (integer centavos)', () => {
  it('multiply and add without floating-point drift, ignoring disabled and incomplete rows', () => {
    expect(lineTotalCents({ quantity: 3, price: 0.1 })).toBe(30);
    expect(lineTotalCents({ quantity: 7, price: 19.99 })).toBe(13993);
    expect(lineTotalCents({ quantity: '', price: 5 })).toBe(0);
    expect(lineTotalCents({ quantity: 1.0005, price: 5 })).toBe(0);
    expect(lineTotalCents({ quantity: 0.755, price: 89.9 })).toBe(6787);
    expect(
      formTotalCents(
        {
          items: [
            row({ quantity: 3, price: 0.1 }),
            row({ quantity: 7, price: 19.99 }),
            row({ isEnabled: false, quantity: 100, price: 100 }),
            row({ quantity: 2, price: '' }),
          ],
        },
        known,
      ),
    ).toBe(14023);
  });

  it("use the product's price, its wholesale price from the wholesale quantity, and a typed price over both", () => {
    const cheese = known.get(2);
    // 0.755 kg × $189.90 = $143.3745 → $143.37 (half away from zero, to the centavo).
    expect(lineTotalCents({ quantity: 0.755, price: '' }, cheese)).toBe(14337);
    expect(lineTotalCents({ quantity: 5, price: '' }, cheese)).toBe(85000);
    expect(lineTotalCents({ quantity: 5, price: 150 }, cheese)).toBe(75000);
    expect(lineTotalCents({ quantity: 1, price: '' }, known.get(1))).toBe(0);
  });
});

describe('toCreateReceiptBody', () => {
  it('omits an unspecified client, keeps enabled rows, sends a zone-less timestamp, and passes the contract', () => {
    const body = toCreateReceiptBody(
      values({
        items: [row({ productId: '2', quantity: 3, price: 12.5 }), row({ isEnabled: false, productId: '3' })],
      }),
    );
    expect(body).toEqual({
      paymentMode: 'Cash',
      paymentMethod: 'Efectivo',
      items: [{ productId: 2, quantity: 3, price: 12.5 }],
      date: '2026-11-21T12:30:15',
      printReceipt: false,
    });
    expect(createReceiptBodySchema.safeParse(body).success).toBe(true);
  });

  it("sends a cash sale's 'Forma de pago'", () => {
    const body = toCreateReceiptBody(
      values({ paymentMethod: 'Tarjeta', items: [row({ productId: '2', quantity: 1 })] }),
    );
    expect(body.paymentMethod).toBe('Tarjeta');
    expect(createReceiptBodySchema.safeParse(body).success).toBe(true);
  });

  it("leaves out an empty price, so the server applies the product's", () => {
    const body = toCreateReceiptBody(values({ items: [row({ productId: '2', quantity: 0.75, price: '' })] }));
    expect(body.items).toEqual([{ productId: 2, quantity: 0.75 }]);
    expect(createReceiptBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends the chosen client and the print choice for credit, and no payment method', () => {
    const body = toCreateReceiptBody(
      values({ clientId: '8', paymentMode: 'Credit', paymentMethod: 'Tarjeta', printReceipt: true }),
    );
    expect(body).toMatchObject({ clientId: 8, paymentMode: 'Credit', printReceipt: true });
    expect(body).not.toHaveProperty('paymentMethod');
    expect(createReceiptBodySchema.safeParse(body).success).toBe(true);
  });

  it("dates a Seller's sale when it is sent, whatever date the form holds (a dictated one too)", () => {
    // 2026-11-23 15:45:10 in Monterrey (UTC−6).
    const now = Date.UTC(2026, 10, 23, 21, 45, 10);
    expect(toCreateReceiptBody(values({}), { datedNow: true, now }).date).toBe('2026-11-23T15:45:10');
    expect(toCreateReceiptBody(values({}), { now }).date).toBe('2026-11-21T12:30:15');
  });
});

describe('paymentAmountError', () => {
  it('needs at least 1 and at most the balance, to the centavo', () => {
    expect(paymentAmountError(1, 30_100)).toBeNull();
    expect(paymentAmountError(301, 30_100)).toBeNull();
    expect(paymentAmountError(300.99, 30_100)).toBeNull();
    expect(paymentAmountError(301.01, 30_100)).toBe('El monto no puede ser mayor que el saldo.');
    expect(paymentAmountError(0.99, 30_100)).toBe('El monto debe ser al menos 1.');
    expect(paymentAmountError(0, 30_100)).toBe('El monto debe ser al menos 1.');
    expect(paymentAmountError('', 30_100)).toBe('El monto debe ser al menos 1.');
    expect(paymentAmountError(1.005, 30_100)).toBe('El monto admite como máximo dos decimales.');
  });

  it('takes less than 1 only when it settles a smaller balance exactly', () => {
    expect(paymentAmountError(0.5, 50)).toBeNull();
    expect(paymentAmountError(0.4, 50)).toBe('El monto debe ser al menos 1.');
    expect(paymentAmountError(0.6, 50)).toBe('El monto debe ser al menos 1.');
  });
});
