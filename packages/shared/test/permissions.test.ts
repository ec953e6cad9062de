import { describe, expect, it } from 'vitest';
import {
  canSeeCreditFigures,
  canSellBelowPrice,
  canSetCreditTerms,
  hasFeature,
  hasLevel,
  meetsRequirement,
  PAGE_ACCESS,
  receiptScopeOf,
} from '../src/permissions.js';

describe('permissions', () => {
  it('gives Admin everything, Manager all but users, Seller receipts only', () => {
    expect(hasFeature('Admin', 'canManageUsers')).toBe(true);
    expect(hasFeature('Manager', 'canManageUsers')).toBe(false);
    expect(hasFeature('Manager', 'canGenerateReports')).toBe(true);
    expect(hasFeature('Seller', 'canManageReceipts')).toBe(true);
    expect(hasFeature('Seller', 'canManageClients')).toBe(false);
    expect(hasFeature(null, 'canManageReceipts')).toBe(false);
  });

  it('maps page levels to roles', () => {
    expect(hasLevel('Admin', 'Private')).toBe(true);
    expect(hasLevel('Manager', 'Private')).toBe(false);
    expect(hasLevel('Manager', 'Protected')).toBe(true);
    expect(hasLevel('Seller', 'Protected')).toBe(false);
    expect(hasLevel('Seller', 'Public')).toBe(true);
  });

  it('opens each page of the sidebar to exactly the roles allowed to use it', () => {
    const who = (page: keyof typeof PAGE_ACCESS) =>
      (['Admin', 'Manager', 'Seller'] as const).filter((role) => meetsRequirement(role, PAGE_ACCESS[page]));
    expect(who('receipts')).toEqual(['Admin', 'Manager', 'Seller']);
    expect(who('products')).toEqual(['Admin', 'Manager']);
    expect(who('reports')).toEqual(['Admin', 'Manager']);
    expect(who('invoices')).toEqual(['Admin', 'Manager']);
    expect(who('clients')).toEqual(['Admin', 'Manager']);
    expect(who('users')).toEqual(['Admin']);
    expect(who('assistant')).toEqual(['Admin']);
    expect(who('settings')).toEqual(['Admin']);
  });

  it("keeps credit terms, credit figures and prices below the product's to Admin and Manager", () => {
    for (const can of [canSetCreditTerms, canSeeCreditFigures, canSellBelowPrice]) {
      expect([can('Admin'), can('Manager'), can('Seller'), can(null)]).toEqual([true, true, false, false]);
    }
  });

  it("shows a Seller their own and today's receipts unless the shop widens it", () => {
    expect(receiptScopeOf('Seller', 'own-and-today')).toBe('own-and-today');
    expect(receiptScopeOf('Seller', 'all')).toBe('all');
    expect(receiptScopeOf('Manager', 'own-and-today')).toBe('all');
    expect(receiptScopeOf('Admin', 'own-and-today')).toBe('all');
  });
});
