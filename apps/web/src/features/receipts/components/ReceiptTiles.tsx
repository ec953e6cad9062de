import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { RECEIPT_STATE_COLORS, type ReceiptState } from '@mostrador/shared';
import { memo } from 'react';
import { es } from '../../../i18n/es';

const ORDER: ReceiptState[] = ['Paid', 'Pending', 'Cancelled'];

/** Pagadas / Pendientes / Canceladas over the whole filtered list; a click filters by that state. */
export const ReceiptTiles = memo(function ReceiptTiles({
  counts,
  selected,
  onSelect,
}: {
  /** Null while the list has not loaded. */
  counts: Record<ReceiptState, number> | null;
  selected: ReceiptState | null;
  onSelect: (state: ReceiptState | null) => void;
}) {
  return (
    <SimpleGrid cols={3} spacing="sm" mb="md">
      {ORDER.map((state) => {
        const active = selected === state;
        return (
          <UnstyledButton
            key={state}
            onClick={() => onSelect(active ? null : state)}
            aria-pressed={active}
            title={es.receipts.tileFilterHint}
          >
            <Paper
              withBorder
              radius="md"
              p="sm"
              data-testid={`tile-${state}`}
              style={{
                borderLeft: `4px solid var(--mantine-color-${RECEIPT_STATE_COLORS[state]}-6)`,
                outline: active ? `2px solid var(--mantine-color-${RECEIPT_STATE_COLORS[state]}-6)` : undefined,
              }}
            >
              <Text size="sm" c="dimmed">
                {es.receipts.tiles[state]}
              </Text>
              <Text fw={700} fz={{ base: 'lg', sm: 'xl' }} data-testid={`tile-${state}-count`}>
                {counts ? counts[state].toLocaleString('es-MX') : '—'}
              </Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
});
