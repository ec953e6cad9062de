import { Autocomplete } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_CATEGORY } from '@mostrador/shared';
import { useMemo } from 'react';
import { es } from '../../../i18n/es';
import { useProducts } from '../api/products';
import { categoriesInUse } from '../product-margin';

const t = es.products.form;

/** 'Categoría': free text, offering the categories other products already use (one spelling each). */
export function ProductCategoryField<V extends { category: string }>({ form }: { form: UseFormReturnType<V> }) {
  const f = form as unknown as UseFormReturnType<{ category: string }>;
  const products = useProducts();
  const categories = useMemo(() => categoriesInUse(products.data ?? []), [products.data]);
  return (
    <Autocomplete
      label={t.categoryLabel}
      placeholder={t.categoryPlaceholder}
      description={t.categoryDescription}
      size="md"
      data={categories}
      maxLength={MAX_CATEGORY}
      limit={20}
      {...f.getInputProps('category')}
    />
  );
}
