import { ActionIcon, Badge, Group, ScrollArea, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { formatPayment, formatQuantity, pesosToCents } from '@mostrador/shared';
import { IconBarcode, IconMinus, IconPlus, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { es } from '../../../i18n/es';
import type { PricedLine } from '../counter-sale';
import classes from './Counter.module.css';

const t = es.counter;

/** What a tap does on a line (touch screens have no + − Supr nor `*`). */
export interface LineActions {
  onStep: (index: number, step: 1 | -1) => void;
  onRemove: (index: number) => void;
  /** Type the line's quantity (the same dialog as `*`). */
  onEditQuantity: (index: number) => void;
}

/**
 * The lines of the sale, the selected one highlighted (arrows move it, Supr, + − and * act on it).
 * On a touch screen each line has its own −, + and remove buttons, and a tap on the quantity types
 * it. The list scrolls inside its own box, so the total and 'Cobrar' never leave a 768 px screen.
 */
export function SaleLines({
  lines,
  selected,
  onSelect,
  actions,
}: {
  lines: PricedLine[];
  selected: number;
  onSelect: (index: number) => void;
  actions: LineActions;
}) {
  const selectedRow = useRef<HTMLTableRowElement>(null);
  // Braces matter: Chromium's scrollIntoView returns a promise, which React would take for a cleanup.
  useEffect(() => {
    void selectedRow.current?.scrollIntoView({ block: 'nearest' });
  }, [selected, lines.length]);

  if (!lines.length) {
    return (
      <Stack className={classes.lines} align="center" justify="center" gap="xs" c="dimmed">
        <IconBarcode size={40} stroke={1.2} />
        <Text>{t.empty}</Text>
      </Stack>
    );
  }
  return (
    <ScrollArea className={classes.lines} type="auto">
      <Table stickyHeader highlightOnHover aria-label={t.lines} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.columns.product}</Table.Th>
            <Table.Th ta="right">{t.columns.quantity}</Table.Th>
            <Table.Th ta="right" visibleFrom="xs">
              {t.columns.price}
            </Table.Th>
            <Table.Th ta="right">{t.columns.total}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr
              key={line.key}
              ref={index === selected ? selectedRow : undefined}
              aria-selected={index === selected}
              className={classes.line}
              data-testid="sale-line"
              onClick={() => onSelect(index)}
            >
              <Table.Td>
                <Text size="sm" fw={500} lineClamp={1}>
                  {line.product.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {line.product.cuid}
                </Text>
                <div className={classes.touchOnly}>
                  <Group gap={6} wrap="nowrap" mt={4} onClick={(event) => event.stopPropagation()}>
                    <ActionIcon
                      variant="light"
                      size="lg"
                      tabIndex={-1}
                      aria-label={t.lineControls.less(line.product.name)}
                      disabled={line.quantity <= 1}
                      onClick={() => actions.onStep(index, -1)}
                    >
                      <IconMinus size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="light"
                      size="lg"
                      tabIndex={-1}
                      aria-label={t.lineControls.more(line.product.name)}
                      onClick={() => actions.onStep(index, 1)}
                    >
                      <IconPlus size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="light"
                      color="red"
                      size="lg"
                      tabIndex={-1}
                      aria-label={t.lineControls.remove(line.product.name)}
                      onClick={() => actions.onRemove(index)}
                    >
                      <IconX size={18} />
                    </ActionIcon>
                  </Group>
                </div>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <UnstyledButton
                  tabIndex={-1}
                  aria-label={t.lineControls.quantity(line.product.name)}
                  data-testid="sale-line-quantity"
                  onClick={(event) => {
                    event.stopPropagation();
                    actions.onEditQuantity(index);
                  }}
                >
                  {formatQuantity(line.quantity, line.product.units)}
                </UnstyledButton>
              </Table.Td>
              <Table.Td ta="right" visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
                {line.price === null ? (
                  <Text size="sm" c="red">
                    {t.noPrice}
                  </Text>
                ) : (
                  formatPayment(pesosToCents(line.price))
                )}
                {line.source === 'wholesale' ? (
                  <Badge size="xs" variant="light" color="grape" ml={6}>
                    {t.wholesale}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="sale-line-total">
                {formatPayment(line.totalCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
