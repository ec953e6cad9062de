import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { formatPayment, type Product, quantityProblem, pesosToCents } from '@mostrador/shared';
import { type FormEvent, useState } from 'react';
import { es } from '../../../i18n/es';
import { numberValue } from '../counter-sale';
import { useTypedAheadNumber } from './useTypedAheadNumber';

const t = es.counter.entry;

/** What the dialog asks, and what it starts with. */
export interface LineEntry {
  product: Product;
  /** 'add': a product found without its weight or price; 'edit': the selected line (`*`). */
  mode: 'add' | 'edit';
  askQuantity: boolean;
  askPrice: boolean;
  quantity: number | null;
  price: number | null;
}

/**
 * The weight of a weighed product, the price of a product without one, or the quantity typed for
 * the selected line: a field with the focus, Enter adds (or saves), Esc goes back. Mounted afresh
 * for every opening. Keys typed before the first field had the focus go into it.
 */
export function LineEntryModal({
  entry,
  typedAhead,
  onDone,
  onClose,
}: {
  entry: LineEntry;
  typedAhead: string;
  onDone: (values: { quantity: number; price: number | null }) => void;
  onClose: () => void;
}) {
  const { product } = entry;
  const quantityDecimals = product.sellsByWeight ? 3 : 0;
  const quantityField = useTypedAheadNumber(
    entry.quantity ?? '',
    entry.askQuantity ? typedAhead : '',
    quantityDecimals,
  );
  const priceField = useTypedAheadNumber(entry.price ?? '', entry.askQuantity ? '' : typedAhead, 2);
  const quantity = quantityField.value;
  const price = priceField.value;
  const [error, setError] = useState<string | null>(null);
  const title =
    entry.mode === 'edit'
      ? t.lineTitle(product.name)
      : entry.askQuantity && product.sellsByWeight
        ? t.weighTitle(product.name)
        : t.priceTitle(product.name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typedQuantity = entry.askQuantity ? numberValue(quantity) : (entry.quantity ?? 1);
    if (typedQuantity === null || typedQuantity <= 0) {
      setError(product.sellsByWeight && entry.mode === 'add' ? t.weightRequired : t.quantityRequired);
      return;
    }
    const problem = quantityProblem(product, typedQuantity);
    if (problem) {
      setError(problem);
      return;
    }
    const typedPrice = entry.askPrice ? numberValue(price) : null;
    if (entry.askPrice && (typedPrice === null || pesosToCents(typedPrice) <= 0)) {
      setError(t.priceRequired);
      return;
    }
    onDone({ quantity: typedQuantity, price: typedPrice });
  };

  const quantityLabel = product.sellsByWeight ? t.weight(product.units) : t.quantity(product.units);
  return (
    <Modal opened onClose={onClose} title={title} closeOnClickOutside={false}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {entry.askQuantity ? (
            <NumberInput
              label={quantityLabel}
              size="lg"
              min={0}
              decimalScale={quantityDecimals}
              allowNegative={false}
              hideControls
              inputMode="decimal"
              value={quantity}
              onChange={(value) => {
                quantityField.setValue(value);
                setError(null);
              }}
              data-autofocus
              data-testid="entry-quantity"
              {...quantityField.focusProps}
            />
          ) : null}
          {entry.askPrice ? (
            <>
              {entry.mode === 'add' ? (
                <Text size="sm" c="dimmed">
                  {t.priceHint}
                </Text>
              ) : null}
              <NumberInput
                label={t.price}
                size="lg"
                prefix="$"
                min={0}
                decimalScale={2}
                allowNegative={false}
                thousandSeparator=","
                hideControls
                inputMode="decimal"
                value={price}
                onChange={(value) => {
                  priceField.setValue(value);
                  setError(null);
                }}
                placeholder={formatPayment(0)}
                data-autofocus={entry.askQuantity ? undefined : true}
                data-testid="entry-price"
                {...priceField.focusProps}
              />
            </>
          ) : null}
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.back}
            </Button>
            <Button type="submit">{entry.mode === 'edit' ? t.save : t.add}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
