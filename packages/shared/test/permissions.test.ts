import { describe, expect, it } from 'vitest';
import { hasFeature, hasLevel, meetsRequirement, PAGE_ACCESS } from '../src/permissions.js';

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
    expect(who('clients')).toEqual(['Admin', 'Manager']);
    expect(who('users')).toEqual(['Admin']);
    expect(who('assistant')).toEqual(['Admin']);
  });
});
