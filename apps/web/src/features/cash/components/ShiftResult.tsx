import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CASH_RESULT_COLORS, formatDateTime, MXN_DENOMINATIONS, type Shift } from '@mostrador/shared';
import { IconAlertTriangle, IconCircleCheck, IconPrinter } from '@tabler/icons-react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePrintShift } from '../api/print-shift';
import { money, signedMoney } from '../money';

const t = es.cash.result;

/** A closed shift: counted against expected, the Sobrante or Faltante in its colour, and its summary to print. */
export function ShiftResult({ shift, onDone }: { shift: Shift; onDone?: () => void }) {
  const print = usePrintShift();
  const result = shift.result ?? 'Exacto';
  const difference = shift.difference ?? 0;
  const color = CASH_RESULT_COLORS[result];
  const pieces = MXN_DENOMINATIONS.filter((d) => (shift.counts?.[d.key] ?? 0) > 0);

  const printSummary = () =>
    print.mutate(shift.id, {
      onSuccess: (where) => {
        if (where === 'printer') notifySuccess(t.printed);
      },
      onError: (error) => notifyFailure(t.printFailed, error),
    });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={t.title} data-testid="shift-result">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t.title}
          </Title>
          <Text size="sm" c="dimmed">
            {es.cash.current.openedBy(shift.user.name, formatDateTime(shift.openedAt))}
            {shift.closedAt ? ` · ${formatDateTime(shift.closedAt)}` : ''}
          </Text>
        </div>
        <Alert
          color={color}
          variant="filled"
          icon={result === 'Exacto' ? <IconCircleCheck /> : <IconAlertTriangle />}
          title={
            <Text span fw={800} size="lg" data-testid="shift-result-label">
              {t.labels[result]} {result === 'Exacto' ? '' : money(Math.abs(difference))}
            </Text>
          }
        >
          {t.explain[result](money(Math.abs(difference)))}
        </Alert>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Figure label={t.expected} value={money(shift.expected)} />
          <Figure label={t.counted} value={shift.counted === null ? '—' : money(shift.counted)} />
          <Figure label={t.difference} value={signedMoney(difference)} color={color} testId="shift-difference" />
        </SimpleGrid>
        {pieces.length > 0 ? (
          <div>
            <Text size="sm" fw={600} mb={4}>
              {t.counts}
            </Text>
            <Group gap="md" wrap="wrap">
              {pieces.map((d) => (
                <Text key={d.key} size="sm">
                  {es.cash.close.pieces(d.label, d.kind)}: {shift.counts?.[d.key]}
                </Text>
              ))}
            </Group>
          </div>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="light"
            leftSection={<IconPrinter size={18} />}
            loading={print.isPending}
            onClick={printSummary}
          >
            {t.print}
          </Button>
          {onDone ? <Button onClick={onDone}>{t.openNew}</Button> : null}
        </Group>
      </Stack>
    </Paper>
  );
}

function Figure({ label, value, color, testId }: { label: string; value: string; color?: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" ff="monospace" c={color} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}
