import { Paper, Text } from '@mantine/core';
import type { IvaRate, Product } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { numberOrNull } from '../product-tax-form';
import { formatPercent, marginOf } from '../product-margin';
import { formatTotalPesos } from './cost-format';

const t = es.products.cost;

/** What the form's price and taxes read as now (the margin follows what is typed). */
export interface PricedValues {
  price: number | string;
  ivaRate: IvaRate;
  iepsRate: string;
  iepsPerUnit: number | string;
}

/**
 * 'Costo promedio $12.40 · Margen 31.2 %' and the last cost, for Admin and Manager only (the
 * server leaves costs out for a Seller, and the counter never shows them). The margin is against
 * the price typed now, without IVA and IEPS.
 */
export function ProductCostSummary({ product, values }: { product: Product; values: PricedValues }) {
  const average = product.averageCost ?? null;
  const last = product.lastCost ?? null;
  if (average === null && last === null)
    return (
      <Text size="sm" c="dimmed" data-testid="product-cost">
        {t.none}
      </Text>
    );
  const margin = marginOf(numberOrNull(values.price), average, {
    ivaRate: values.ivaRate,
    iepsRate: numberOrNull(values.iepsRate),
    iepsPerUnit: numberOrNull(values.iepsPerUnit),
  });
  const parts = [
    average === null ? null : t.average(formatTotalPesos(average)),
    margin === null ? (average === null ? null : t.noPrice) : t.margin(formatPercent(margin.percent)),
    last === null ? null : t.last(formatTotalPesos(last)),
  ].filter(Boolean);
  return (
    <Paper withBorder radius="sm" px="sm" py={6} data-testid="product-cost">
      <Text size="sm" c={margin && margin.percent < 0 ? 'red' : undefined}>
        {parts.join(' · ')}
      </Text>
      <Text size="xs" c="dimmed">
        {t.hint}
      </Text>
    </Paper>
  );
}
