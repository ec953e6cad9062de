import { describe, expect, it } from 'vitest';
import {
  canAuthorize,
  changeStateBodySchema,
  createReceiptBodySchema,
  isPinShaped,
  setSupervisorPinBodySchema,
  supervisorCredentialsSchema,
} from '../src/index.js';

describe('a supervisor’s credentials', () => {
  it('take an e-mail or a user name (trimmed) and a password or PIN, nothing else', () => {
    expect(supervisorCredentialsSchema.parse({ login: '  Mario Gerente ', secret: '2580' })).toEqual({
      login: 'Mario Gerente',
      secret: '2580',
    });
    expect(supervisorCredentialsSchema.safeParse({ login: 'a@b.mx', secret: 'x', role: 'Admin' }).success).toBe(false);
  });

  it('say in Spanish what is missing', () => {
    const messages = (value: unknown) =>
      supervisorCredentialsSchema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages({ login: ' ', secret: '' })).toEqual([
      'Escribe el correo o el nombre de usuario del supervisor.',
      'Escribe la contraseña o el PIN del supervisor.',
    ]);
    expect(messages({})).toEqual([
      'Escribe el correo o el nombre de usuario del supervisor.',
      'Escribe la contraseña o el PIN del supervisor.',
    ]);
  });

  it('ride along in a sale and a change of state, optionally', () => {
    const sale = { paymentMode: 'Cash', items: [{ productId: 1, quantity: 1 }], date: '2026-11-20T12:00:00' };
    expect(createReceiptBodySchema.parse(sale).supervisor).toBeUndefined();
    const supervisor = { login: 'gerente@e2e.mx', secret: '2580' };
    expect(createReceiptBodySchema.parse({ ...sale, supervisor }).supervisor).toEqual(supervisor);
    expect(changeStateBodySchema.parse({ id: 3, state: 'Cancelled', supervisor }).supervisor).toEqual(supervisor);
  });
});

describe('the supervisor PIN', () => {
  it('is 4 to 6 digits; any other secret is read as a password', () => {
    expect(['1234', '123456'].map(isPinShaped)).toEqual([true, true]);
    expect(['123', '1234567', '12a4', ' 1234', 'contraseña'].map(isPinShaped)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(setSupervisorPinBodySchema.safeParse({ pin: '12345', currentPassword: 'x' }).success).toBe(true);
    expect(setSupervisorPinBodySchema.safeParse({ pin: '123', currentPassword: 'x' }).error?.issues[0]?.message).toBe(
      'El PIN debe tener de 4 a 6 dígitos.',
    );
  });

  it('authorises for a Manager or an Admin only', () => {
    expect((['Admin', 'Manager', 'Seller', null] as const).map(canAuthorize)).toEqual([true, true, false, false]);
  });
});
