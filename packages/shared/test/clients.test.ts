import { describe, expect, it } from 'vitest';
import { compareClientsByName } from '../src/client-order.js';
import { disableClientBodySchema, editClientBodySchema, registerClientBodySchema } from '../src/schemas/clients.js';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('client request bodies', () => {
  it('trims names and turns blank optional fields into null; credit terms left out stay out (the server decides them)', () => {
    const parsed = registerClientBodySchema.parse({
      firstName: '  María ',
      lastName: ' Peña',
      phone: '   ',
      email: '',
      address: null,
    });
    expect(parsed).toEqual({
      firstName: 'María',
      lastName: 'Peña',
      phone: null,
      email: null,
      address: null,
    });
    expect(registerClientBodySchema.parse({ firstName: 'A', lastName: 'B' })).toEqual({
      firstName: 'A',
      lastName: 'B',
      phone: null,
      email: null,
      address: null,
    });
    // Sent, even as null ("no limit"), they are there for the server to allow or refuse.
    expect(
      registerClientBodySchema.parse({ firstName: 'A', lastName: 'B', creditLimit: null, creditDays: 365 }),
    ).toEqual({
      firstName: 'A',
      lastName: 'B',
      phone: null,
      email: null,
      address: null,
      creditLimit: null,
      creditDays: 365,
    });
  });

  it('requires first and last name, not blank, with Spanish messages', () => {
    const result = registerClientBodySchema.safeParse({ firstName: '   ', email: 'no-es-correo' });
    expect(messages(result)).toEqual({
      firstName: 'El nombre es obligatorio.',
      lastName: 'El apellido es obligatorio.',
      email: 'Correo electrónico inválido.',
    });
  });

  it('keeps a valid e-mail, trimmed and in lower case', () => {
    const parsed = registerClientBodySchema.parse({ firstName: 'A', lastName: 'B', email: ' Ana@Tienda.MX ' });
    expect(parsed.email).toBe('ana@tienda.mx');
  });

  it('bounds the sizes', () => {
    const result = registerClientBodySchema.safeParse({
      firstName: 'x'.repeat(121),
      lastName: 'B',
      phone: '1'.repeat(41),
      address: 'd'.repeat(501),
    });
    expect(messages(result)).toEqual({
      firstName: 'Máximo 120 caracteres.',
      phone: 'Máximo 40 caracteres.',
      address: 'Máximo 500 caracteres.',
    });
  });

  it('refuses control characters, except line breaks and tabs in the address', () => {
    const base = { firstName: 'A', lastName: 'B' };
    expect(registerClientBodySchema.parse({ ...base, address: 'Calle 1\r\nCentro\tMty' }).address).toBe(
      'Calle 1\r\nCentro\tMty',
    );
    expect(
      messages(
        registerClientBodySchema.safeParse({
          firstName: 'A\u0000',
          lastName: 'B\nC',
          phone: '81\u00071',
          email: 'a\u0000@b.mx',
          address: 'x\u0000',
        }),
      ),
    ).toEqual({
      firstName: 'No se permiten caracteres de control.',
      lastName: 'No se permiten caracteres de control.',
      phone: 'No se permiten caracteres de control.',
      email: 'Correo electrónico inválido.',
      address: 'No se permiten caracteres de control.',
    });
  });

  it('rejects unknown fields, and edit and disable need a positive id', () => {
    expect(registerClientBodySchema.safeParse({ firstName: 'A', lastName: 'B', isEnabled: false }).success).toBe(false);
    expect(editClientBodySchema.safeParse({ firstName: 'A', lastName: 'B' }).success).toBe(false);
    expect(editClientBodySchema.parse({ id: 3, firstName: 'A', lastName: 'B' }).id).toBe(3);
    expect(messages(disableClientBodySchema.safeParse({ id: 0 }))).toEqual({ id: 'El ID debe ser un número positivo' });
  });
});

describe('a client’s fiscal data', () => {
  // As the web form sends it: blanks, a Select's null, G03 chosen by default.
  const form = {
    firstName: 'A',
    lastName: 'B',
    rfc: '',
    legalName: '',
    taxRegime: null,
    taxZipCode: '',
    cfdiUse: 'G03',
    invoiceEmail: '',
  };

  it('is optional: blanks are null, left out is undefined (an edit keeps it)', () => {
    expect(registerClientBodySchema.parse(form)).toMatchObject({
      rfc: null,
      legalName: null,
      taxRegime: null,
      taxZipCode: null,
      cfdiUse: 'G03',
      invoiceEmail: null,
    });
    expect(editClientBodySchema.parse({ id: 1, firstName: 'A', lastName: 'B' })).not.toHaveProperty('rfc');
  });

  it('names the field each problem is about, the régimen checked against the RFC', () => {
    expect(messages(registerClientBodySchema.safeParse({ ...form, rfc: 'EKU9003173C8', taxZipCode: '1' }))).toEqual({
      rfc: 'El dígito verificador del RFC no coincide; revisa que esté bien escrito.',
      taxZipCode: 'El código postal debe tener 5 dígitos.',
    });
    expect(
      messages(editClientBodySchema.safeParse({ ...form, id: 1, rfc: 'cacx7605101p8', taxRegime: '601' })),
    ).toEqual({ taxRegime: 'El régimen fiscal no corresponde al tipo de persona del RFC.' });
    expect(registerClientBodySchema.parse({ ...form, rfc: 'EKU 900317 3C9', taxRegime: '601' }).rfc).toBe(
      'EKU9003173C9',
    );
  });
});

describe('compareClientsByName', () => {
  it('orders by first then last name, ignoring case and accents, then by id', () => {
    const c = (id: number, firstName: string, lastName: string | null) => ({ id, firstName, lastName });
    const sorted = [
      c(1, 'Zoe', 'A'),
      c(2, 'Ángel', 'B'),
      c(3, 'beto', null),
      c(4, 'Andrés', 'C'),
      c(5, 'angel', 'A'),
      c(6, 'Ángel', 'B'),
    ]
      .sort(compareClientsByName)
      .map((x) => x.id);
    expect(sorted).toEqual([4, 5, 2, 6, 3, 1]);
  });
});
