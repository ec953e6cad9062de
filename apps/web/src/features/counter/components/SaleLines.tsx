import { Badge, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { formatPayment, formatQuantity, pesosToCents } from '@mostrador/shared';
import { IconBarcode } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { es } from '../../../i18n/es';
import type { PricedLine } from '../counter-sale';
import classes from './Counter.module.css';

const t = es.counter;

/**
 * The lines of the sale, the selected one highlighted (arrows move it, Supr, + and − act on it).
 * The list scrolls inside its own box, so the total and 'Cobrar' never leave a 768 px screen.
 */
export function SaleLines({
  lines,
  selected,
  onSelect,
}: {
  lines: PricedLine[];
  selected: number;
  onSelect: (index: number) => void;
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
              key={line.product.id}
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
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="sale-line-quantity">
                {formatQuantity(line.quantity, line.product.units)}
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
