import { normalizeForSearch, type Supplier } from '@mostrador/shared';

/** The suppliers whose name, RFC, phone or contact hold every typed word (accents and case ignored). */
export function filterSuppliers(suppliers: readonly Supplier[], search: string): Supplier[] {
  const words = normalizeForSearch(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...suppliers];
  return suppliers.filter((s) => {
    const text = normalizeForSearch([s.name, s.rfc, s.phone, s.contact].filter(Boolean).join(' '));
    // A phone typed with or without spaces matches either way.
    const digits = (s.phone ?? '').replace(/\D/g, '');
    return words.every((w) => text.includes(w) || (/^\d+$/.test(w) && digits.includes(w)));
  });
}
