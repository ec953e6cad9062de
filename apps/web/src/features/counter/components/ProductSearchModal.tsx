import type { Product } from '@mostrador/shared';
import { useMemo } from 'react';
import { es } from '../../../i18n/es';
import { useProducts } from '../../products';
import { type PickOption, SearchPicker } from './SearchPicker';

const t = es.counter.search;

/**
 * Search by name (F2, or a code that matched nothing, which arrives as the first search). The
 * catalogue is read once, when the search is first used.
 */
export function ProductSearchModal({
  opened,
  initialSearch,
  onPick,
  onClose,
}: {
  opened: boolean;
  initialSearch: string;
  onPick: (product: Product) => void;
  onClose: () => void;
}) {
  const products = useProducts();
  const options = useMemo<PickOption<Product>[]>(
    () => (products.data ?? []).map((p) => ({ key: String(p.id), label: p.name, detail: p.cuid, value: p })),
    [products.data],
  );
  return (
    <SearchPicker
      opened={opened}
      title={t.title}
      label={t.label}
      placeholder={t.placeholder}
      nothing={products.isSuccess ? t.nothing : es.common.loading}
      initialSearch={initialSearch}
      options={options}
      onPick={onPick}
      onClose={onClose}
    />
  );
}
