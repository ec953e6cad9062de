import type { NumberInputProps } from '@mantine/core';
import { MAX_QUANTITY_DECIMALS } from '@mostrador/shared';

/**
 * NumberInput options of every quantity field: decimals always accepted ('1.5', and '0,5' read as
 * 0.5) up to thousandths, so a fraction typed for a product sold by the piece is refused with
 * its message instead of silently becoming 15 or 05.
 */
export const QUANTITY_INPUT_PROPS = {
  allowDecimal: true,
  decimalScale: MAX_QUANTITY_DECIMALS,
  allowedDecimalSeparators: [','],
  thousandSeparator: false,
} satisfies NumberInputProps;
