import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  addInventoryBodySchema,
  adjustInventoryBodySchema,
  formatQuantity,
  fromMilli,
  MAX_STOCK_CHANGE,
  type Product,
  quantityProblem,
  removeInventoryBodySchema,
  toMilli,
} from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { QUANTITY_INPUT_PROPS } from '../../../lib/quantity-input';
import { type StockChange, useStockChange } from '../api/product-mutations';

export type StockChangeKind = StockChange['kind'];

// Each kind: its request field, schema and sign (waste subtracts what is typed).
const KINDS = {
  add: { field: 'stockToAdd', schema: addInventoryBodySchema, sign: 1, allowNegative: false },
  waste: { field: 'stockToRemove', schema: removeInventoryBodySchema, sign: -1, allowNegative: false },
  adjust: { field: 'stockToAdjust', schema: adjustInventoryBodySchema, sign: 1, allowNegative: true },
} as const;

type Values = { id: number; note: string } & Record<string, number | string>;

function toStockChange(kind: StockChangeKind, values: Values): StockChange {
  switch (kind) {
    case 'add':
      return { kind, body: addInventoryBodySchema.parse(values) };
    case 'waste':
      return { kind, body: removeInventoryBodySchema.parse(values) };
    case 'adjust':
      return { kind, body: adjustInventoryBodySchema.parse(values) };
  }
}

/** Add inventory, register waste (merma) or adjust: one quantity, an optional note. */
export function StockChangeModal({
  kind,
  product,
  opened,
  onClose,
}: {
  kind: StockChangeKind;
  product: Product;
  opened: boolean;
  onClose: () => void;
}) {
  const { field, schema, sign, allowNegative } = KINDS[kind];
  const texts = es.products.stock[kind];
  const mutation = useStockChange();
  const form = useForm<Values>({
    initialValues: { id: product.id, [field]: '', note: '' },
    validate: (values) => {
      const errors = schemaResolver(schema, { sync: true })(values);
      // A product sold by the piece takes whole quantities: the server's rule and message.
      const typed = values[field];
      const problem = typeof typed === 'number' ? quantityProblem(product, typed) : null;
      return problem && !errors[field] ? { ...errors, [field]: problem } : errors;
    },
  });

  const typed = Number(form.values[field]);
  const resulting =
    form.values[field] !== '' && Number.isFinite(typed)
      ? fromMilli(toMilli(product.stockQuantity) + sign * toMilli(typed))
      : null;

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    mutation.mutate(toStockChange(kind, values), {
      onSuccess: (updated) => {
        notifySuccess(texts.success(updated.name, updated.stockQuantity));
        onClose();
      },
      onError: (error) => notifyFailure(texts.failed, error),
    });
  });

  return (
    <Modal opened={opened} onClose={close} title={texts.title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Text fw={600}>{product.name}</Text>
            <Text size="sm" c="dimmed">
              {product.cuid} · {es.products.stock.current}: {formatQuantity(product.stockQuantity, product.units)}
            </Text>
          </div>
          <NumberInput
            label={texts.quantityLabel}
            description={kind === 'adjust' ? es.products.stock.adjust.quantityDescription : undefined}
            {...QUANTITY_INPUT_PROPS}
            allowNegative={allowNegative}
            min={allowNegative ? -MAX_STOCK_CHANGE : 0}
            max={MAX_STOCK_CHANGE}
            withAsterisk
            data-autofocus
            {...form.getInputProps(field)}
          />
          <Textarea
            label={es.products.stock.noteLabel}
            placeholder={texts.notePlaceholder}
            autosize
            minRows={2}
            maxRows={4}
            {...form.getInputProps('note')}
          />
          <Text size="sm" c={resulting !== null && resulting < 0 ? 'red' : 'dimmed'} data-testid="resulting-stock">
            {es.products.stock.resulting}: {formatQuantity(resulting ?? product.stockQuantity, product.units)}
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {es.common.cancel}
            </Button>
            <Button type="submit" color={kind === 'waste' ? 'grape' : undefined} loading={mutation.isPending}>
              {texts.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
