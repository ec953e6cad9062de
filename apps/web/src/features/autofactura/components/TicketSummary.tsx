import { Group, Paper, Stack, Text } from '@mantine/core';
import { type Autofactura, formatDateTime, formatPayment, formatQuantity, pesosToCents } from '@mostrador/shared';
import { es } from '../../../i18n/es';

const t = es.autofactura;
const money = (pesos: number) => formatPayment(pesosToCents(pesos));

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The ticket as printed: its number and date, each line, the taxes the total includes. */
export function TicketSummary({ receipt }: { receipt: Autofactura['receipt'] }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="autofactura-ticket">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{t.ticket(receipt.id)}</Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(receipt.date)}
          </Text>
        </Group>
        {receipt.lines.map((line, index) => (
          <Group key={index} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {line.name}
              </Text>
              <Text size="xs" c="dimmed">
                {`${formatQuantity(line.quantity)} ${line.units} × ${money(line.price)}`}
              </Text>
            </Stack>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {money(line.total)}
            </Text>
          </Group>
        ))}
        <Stack gap={2} pt={6} style={{ borderTop: '1px dashed var(--mantine-color-gray-4)' }}>
          <Row label={t.subtotal} value={money(receipt.subtotal)} />
          {receipt.ieps !== 0 ? <Row label={t.ieps} value={money(receipt.ieps)} /> : null}
          <Row label={t.iva} value={money(receipt.iva)} />
          <Row label={t.total} value={money(receipt.total)} strong={receipt.returned === 0} />
          {receipt.returned !== 0 ? (
            <>
              <Row label={t.returned} value={money(-receipt.returned)} />
              <Row label={t.netTotal} value={money(receipt.netTotal)} strong />
            </>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
