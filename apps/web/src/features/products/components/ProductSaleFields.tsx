import { Group, NumberInput, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_PRICE, MAX_STOCK, type Product } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { QUANTITY_INPUT_PROPS } from '../../../lib/quantity-input';

/** The selling fields of a product as the form holds them: '' while a number is empty. */
export type SaleFieldValues = {
  barcode: string;
  sellsByWeight: boolean;
  price: number | string;
  minStock: number | string;
  wholesalePrice: number | string;
  wholesaleMinQuantity: number | string;
};

const t = es.products.form;

const PRICE_INPUT_PROPS = {
  prefix: '$',
  min: 0,
  max: MAX_PRICE,
  decimalScale: 2,
  allowNegative: false,
  thousandSeparator: ',',
  hideControls: true,
} as const;

/** Barcode, sold by weight, price, minimum stock and wholesale (price and from what quantity). */
export function ProductSaleFields<V extends SaleFieldValues>({ form }: { form: UseFormReturnType<V> }) {
  const f = form as unknown as UseFormReturnType<SaleFieldValues>;
  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label={t.barcodeLabel}
          placeholder={t.barcodePlaceholder}
          inputMode="numeric"
          autoComplete="off"
          {...f.getInputProps('barcode')}
        />
        <Switch
          mt={30}
          label={t.sellsByWeightLabel}
          description={t.sellsByWeightDescription}
          {...f.getInputProps('sellsByWeight', { type: 'checkbox' })}
        />
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label={t.priceLabel}
          description={t.priceDescription}
          {...PRICE_INPUT_PROPS}
          {...f.getInputProps('price')}
        />
        <NumberInput
          label={t.minStockLabel}
          description={t.minStockDescription}
          {...QUANTITY_INPUT_PROPS}
          min={0}
          max={MAX_STOCK}
          allowNegative={false}
          hideControls
          {...f.getInputProps('minStock')}
        />
      </Group>
      <Group grow align="flex-start">
        <NumberInput label={t.wholesalePriceLabel} {...PRICE_INPUT_PROPS} {...f.getInputProps('wholesalePrice')} />
        <NumberInput
          label={t.wholesaleMinQuantityLabel}
          description={t.wholesaleMinQuantityDescription}
          {...QUANTITY_INPUT_PROPS}
          min={0}
          max={MAX_STOCK}
          allowNegative={false}
          hideControls
          {...f.getInputProps('wholesaleMinQuantity')}
        />
      </Group>
    </>
  );
}

/** A product's selling fields as the form starts them (blank where the product has none). */
export function saleFieldValues(
  product?: Pick<
    Product,
    'barcode' | 'sellsByWeight' | 'price' | 'minStock' | 'wholesalePrice' | 'wholesaleMinQuantity'
  >,
): SaleFieldValues {
  return {
    barcode: product?.barcode ?? '',
    sellsByWeight: product?.sellsByWeight ?? false,
    price: product?.price ?? '',
    minStock: product?.minStock ?? '',
    wholesalePrice: product?.wholesalePrice ?? '',
    wholesaleMinQuantity: product?.wholesaleMinQuantity ?? '',
  };
}
