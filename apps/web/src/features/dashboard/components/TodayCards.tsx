import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ComparedFigure, Dashboard } from '@mostrador/shared';
import type { ReactNode } from 'react';
import { es } from '../../../i18n/es';
import { money } from '../format';
import { Comparison } from './Comparison';

const t = es.dashboard.today;

function FigureCard({
  label,
  value,
  children,
  testId,
}: {
  label: string;
  value: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap={6}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text fz={26} fw={700} lh={1.1} data-testid={`${testId}-value`}>
          {value}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

function Part({ label, figure, compareDate }: { label: string; figure: ComparedFigure; compareDate: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs">
        {label} <b>{money(figure.today)}</b>
      </Text>
      <Comparison figure={figure} compareDate={compareDate} compact />
    </Group>
  );
}

/** Today's figures, each against the same weekday of last week, and what is owed. */
export function TodayCards({ data }: { data: Dashboard }) {
  const { today, receivable } = data;
  const compareDate = today.compareDate;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="md">
      <FigureCard label={t.sales} value={money(today.sales.today)} testId="figure-sales">
        <Comparison figure={today.sales} compareDate={compareDate} />
        <Stack gap={2}>
          <Part label={t.cash} figure={today.cash} compareDate={compareDate} />
          <Part label={t.credit} figure={today.credit} compareDate={compareDate} />
        </Stack>
      </FigureCard>
      <FigureCard label={t.receipts} value={String(today.receipts.today)} testId="figure-receipts">
        <Comparison figure={today.receipts} compareDate={compareDate} />
      </FigureCard>
      <FigureCard label={t.averageTicket} value={money(today.averageTicket.today)} testId="figure-average">
        <Comparison figure={today.averageTicket} compareDate={compareDate} />
      </FigureCard>
      <FigureCard label={t.payments} value={money(today.payments.today)} testId="figure-payments">
        <Comparison figure={today.payments} compareDate={compareDate} />
        <Text size="xs" c="dimmed">
          {t.paymentsHint}
        </Text>
      </FigureCard>
      <FigureCard label={t.receivable} value={money(receivable.total)} testId="figure-receivable">
        <Text size="xs" c={receivable.overdue > 0 ? 'red' : 'dimmed'} fw={receivable.overdue > 0 ? 600 : undefined}>
          {t.overdue} {money(receivable.overdue)}
        </Text>
        <Text size="xs" c="dimmed">
          {t.clients(receivable.clients)}
        </Text>
      </FigureCard>
    </SimpleGrid>
  );
}
