import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { productCodeKey, type Product } from '@mostrador/shared';
import { accentInsensitiveFilter } from '../../lib/options-filter';

/**
 * The receipt form's product search. A product whose code or barcode is exactly what was typed
 * comes first: a scan's Enter picks the first option, so the code '12' picks its own product and
 * not 'Leche · 123', and a barcode (which no label shows) is found at all. Then every product whose
 * name and code hold each typed word, as in the shop's other lists.
 */
export function productOptionsFilter(products: Iterable<Pick<Product, 'id' | 'cuid' | 'barcode'>>): OptionsFilter {
  const byCode = new Map<string, Set<string>>();
  const index = (code: string, value: string) => byCode.set(code, (byCode.get(code) ?? new Set()).add(value));
  for (const product of products) {
    index(productCodeKey(product.cuid), String(product.id));
    if (product.barcode) index(product.barcode, String(product.id));
  }
  return ({ options, search, limit }) => {
    const exactValues = byCode.get(productCodeKey(search)) ?? new Set<string>();
    const items = options as ComboboxItem[];
    const exact = items.filter((option) => exactValues.has(option.value));
    const rest = accentInsensitiveFilter({
      options: items.filter((option) => !exactValues.has(option.value)),
      search,
      limit,
    });
    return [...exact, ...rest].slice(0, limit);
  };
}
