import { ActionIcon, NumberInput, Table, Text } from '@mantine/core';
import { MAX_COST_DECIMALS, MAX_PRICE, MAX_STOCK_CHANGE, formatTotal } from '@mostrador/shared';
import { IconTrash } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { es } from '../../../i18n/es';
import { QUANTITY_INPUT_PROPS } from '../../../lib/quantity-input';
import { numberValue } from '../../counter';
import { formatUnitCost } from '../format';
import { lineAmountCents, type PurchaseLine, quantityError, unitCostError } from '../purchase-form';

const t = es.purchases.form;

export type LineField = 'quantity' | 'unitCost';

/** Where the form keeps each line's inputs, to move the focus along the keyboard flow. */
export type LineInputs = Map<string, HTMLInputElement>;
export const lineInputKey = (key: number, field: LineField) => `${key}:${field}`;

/**
 * The purchase's lines: quantity and unit cost typed in place, the amount live. Enter in a
 * quantity goes to its cost; Enter in a cost goes back to the code field (`onDone`). A field's
 * problem shows once it was touched (a line's cost starts empty for a product never bought).
 */
export function PurchaseLinesTable({
  lines,
  inputs,
  onChange,
  onRemove,
  onDone,
  showErrors,
}: {
  lines: PurchaseLine[];
  inputs: LineInputs;
  onChange: (key: number, change: Partial<Pick<PurchaseLine, 'quantity' | 'unitCost'>>) => void;
  onRemove: (key: number) => void;
  onDone: () => void;
  showErrors: boolean;
}) {
  if (lines.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t.noLines}
      </Text>
    );
  const enterTo = (next: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    next();
  };
  const focus = (key: number, field: LineField) => {
    const input = inputs.get(lineInputKey(key, field));
    input?.focus();
    input?.select();
  };
  const register = (key: number, field: LineField) => (node: HTMLInputElement | null) => {
    if (node) inputs.set(lineInputKey(key, field), node);
    else inputs.delete(lineInputKey(key, field));
  };

  return (
    // On a phone the lines scroll sideways: the quantity and the cost keep room for what is typed.
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={6} aria-label={t.title} data-testid="purchase-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.product}</Table.Th>
            <Table.Th w={120}>{t.quantity}</Table.Th>
            <Table.Th w={140}>{t.unitCost}</Table.Th>
            <Table.Th ta="right">{t.amount}</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => {
            const amount = lineAmountCents(line);
            const { lastCost } = line.product;
            return (
              <Table.Tr key={line.key}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {line.product.name}
                  </Text>
                  {lastCost != null ? (
                    <Text size="xs" c="dimmed">
                      {t.lastCost(formatUnitCost(lastCost))}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    ref={register(line.key, 'quantity')}
                    aria-label={t.quantityOf(line.product.name)}
                    size="sm"
                    {...QUANTITY_INPUT_PROPS}
                    min={0}
                    max={MAX_STOCK_CHANGE}
                    allowNegative={false}
                    hideControls
                    rightSection={
                      <Text size="xs" c="dimmed">
                        {line.product.units}
                      </Text>
                    }
                    rightSectionWidth={44}
                    value={line.quantity ?? ''}
                    onChange={(value) => onChange(line.key, { quantity: numberValue(value) })}
                    onKeyDown={enterTo(() => focus(line.key, 'unitCost'))}
                    error={showErrors ? quantityError(line) !== null : false}
                    data-testid="purchase-line-quantity"
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    ref={register(line.key, 'unitCost')}
                    aria-label={t.unitCostOf(line.product.name)}
                    size="sm"
                    prefix="$"
                    min={0}
                    max={MAX_PRICE}
                    decimalScale={MAX_COST_DECIMALS}
                    allowedDecimalSeparators={[',']}
                    allowNegative={false}
                    thousandSeparator=","
                    hideControls
                    value={line.unitCost ?? ''}
                    onChange={(value) => onChange(line.key, { unitCost: numberValue(value) })}
                    onKeyDown={enterTo(onDone)}
                    error={showErrors ? unitCostError(line) !== null : false}
                    data-testid="purchase-line-cost"
                  />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} fw={600} data-testid="purchase-line-amount">
                  {amount === null ? '—' : formatTotal(amount)}
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t.remove(line.product.name)}
                    onClick={() => onRemove(line.key)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
