import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { PAYMENT_METHODS, type Shift } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { money } from '../money';

const t = es.cash.current;

/** The shift's cash: float, what came in and went out, and the expected cash they add up to. */
export function ShiftFigures({ shift }: { shift: Shift }) {
  const rows = [
    { label: t.openingFloat, value: shift.openingFloat, sign: '' },
    { label: t.cashSales, value: shift.cashSales, sign: '+' },
    { label: t.cashPayments, value: shift.cashPayments, sign: '+' },
    { label: t.cashRefunds, value: shift.cashRefunds, sign: '−' },
    { label: t.entradas, value: shift.entradas, sign: '+' },
    { label: t.salidas, value: shift.salidas, sign: '−' },
  ];
  return (
    <Paper withBorder radius="md" p="md" aria-label={t.figures} component="section">
      <Text fw={600} mb="sm">
        {t.figures}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm">
        {rows.map((row) => (
          <div key={row.label} data-testid="shift-figure">
            <Text size="xs" c="dimmed">
              {row.label}
            </Text>
            <Text fw={600} ff="monospace">
              {row.sign ? `${row.sign} ` : ''}
              {money(row.value)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Paper bg="var(--mantine-color-blue-light)" radius="md" p="sm" mt="md">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Text fw={600}>{t.expected}</Text>
          <Text fw={800} size="xl" ff="monospace" data-testid="shift-expected">
            {money(shift.expected)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          {t.expectedHint}
        </Text>
      </Paper>
      <Text size="sm" fw={600} mt="md" mb={4}>
        {t.byMethod}
      </Text>
      <Group gap="lg" wrap="wrap">
        {PAYMENT_METHODS.map((method) => (
          <Text key={method} size="sm">
            <Text span c="dimmed">
              {es.paymentMethod.names[method]}:
            </Text>{' '}
            <Text span fw={600} ff="monospace">
              {money(shift.byMethod[method])}
            </Text>
          </Text>
        ))}
      </Group>
    </Paper>
  );
}
