import type { Client } from '@mostrador/shared';
import { matchesSearch } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import { filterClients, indexClients } from './search';

const client = (id: number, firstName: string, lastName: string | null, email: string | null = null): Client => ({
  id,
  firstName,
  lastName,
  phone: null,
  email,
  address: null,
  isEnabled: true,
  creditLimit: null,
  creditDays: 30,
  balance: 0,
  overdue: 0,
  createdAt: '2026-11-21T18:30:00.000Z',
  rfc: null,
  legalName: null,
  taxRegime: null,
  taxZipCode: null,
  cfdiUse: null,
  invoiceEmail: null,
});

const clients = [
  client(1, 'José', 'Pérez Núñez'),
  client(2, 'María', 'Peña', 'jose@correo.mx'),
  client(3, 'Ángela', null),
  client(4, 'JOSEFINA', 'Garza'),
];
const ids = (query: string) => filterClients(indexClients(clients), query).map((c) => c.id);

describe('client search', () => {
  it('matches first and last name ignoring case and accents, not the e-mail', () => {
    expect(ids('jose')).toEqual([1, 4]);
    expect(ids('PENA')).toEqual([2]);
    expect(ids('nuñez')).toEqual([1]);
    expect(ids('angela')).toEqual([3]);
    expect(ids('correo')).toEqual([]);
  });

  it('needs every word, in any order and across first and last name', () => {
    expect(ids('perez jose')).toEqual([1]);
    expect(ids('jose garza')).toEqual([4]);
    expect(ids('jose peña')).toEqual([]);
  });

  it('returns everyone, in order, for an empty or blank query', () => {
    expect(ids('')).toEqual([1, 2, 3, 4]);
    expect(ids('   ')).toEqual([1, 2, 3, 4]);
  });

  it('agrees with matchesSearch on the full name', () => {
    for (const query of ['jo', 'é', 'maria pena', 'z', 'ángel', 'x y']) {
      const expected = clients
        .filter((c) => matchesSearch([c.firstName, c.lastName].filter(Boolean).join(' '), query))
        .map((c) => c.id);
      expect(ids(query)).toEqual(expected);
    }
  });
});
