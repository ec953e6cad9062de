import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import {
  formatDateTime,
  formatQuantity,
  formatSignedQuantity,
  INVENTORY_REASON_COLORS,
  INVENTORY_REASON_LABELS,
  type InventoryLog,
} from '@mostrador/shared';
import { memo } from 'react';
import { es } from '../../../i18n/es';

const t = es.reports.logs;

/** One inventory movement: reason (label and colour from packages/shared), product, user, delta, before → after, note, date. */
export const InventoryLogCard = memo(function InventoryLogCard({ log }: { log: InventoryLog }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="article"
      data-testid="inventory-log"
      aria-label={log.productName}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="nowrap">
            <Badge color={INVENTORY_REASON_COLORS[log.reason]} variant="light" style={{ flex: 'none' }}>
              {INVENTORY_REASON_LABELS[log.reason]}
            </Badge>
            <Text fw={600} truncate>
              {log.productName}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(log.createdAt)} · {t.by(log.userName)}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end" style={{ flex: 'none' }}>
          <Text fw={700} c={log.delta < 0 ? 'red' : 'teal'} data-testid="inventory-log-delta">
            {formatSignedQuantity(log.delta)}
          </Text>
          <Text size="xs" c="dimmed" aria-label={t.stockLabel}>
            {t.stock(formatQuantity(log.before), formatQuantity(log.after))}
          </Text>
        </Stack>
      </Group>
      {log.note ? (
        <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }}>
          {log.note}
        </Text>
      ) : null}
    </Card>
  );
});

export function InventoryLogCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="inventory-log-skeleton">
      <Group justify="space-between">
        <Skeleton height={20} width="55%" />
        <Skeleton height={20} width={40} />
      </Group>
      <Skeleton height={12} width="40%" mt={8} />
    </Card>
  );
}
