import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DashboardProfit, ProfitFigures } from '@mostrador/shared';
import type { ReactNode } from 'react';
import { es } from '../../../i18n/es';
import { money } from '../format';
import { Comparison } from './Comparison';

const t = es.profit;
const percent = new Intl.NumberFormat('es-MX', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "Margen 35.1 %", or that there is none to compute (no revenue with a known cost). */
export const marginText = (margin: number | null) => (margin === null ? t.noMargin : t.margin(percent.format(margin)));

function ProfitCard({
  label,
  figures,
  testId,
  children,
}: {
  label: string;
  figures: ProfitFigures;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap={6}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text fz={26} fw={700} lh={1.1} data-testid={`${testId}-value`}>
          {money(figures.profit)}
        </Text>
        {children}
        <Text size="xs" fw={600} data-testid={`${testId}-margin`}>
          {marginText(figures.margin)}
        </Text>
        <Text size="xs" c="dimmed">
          {t.revenueAndCost(money(figures.revenue), money(figures.cost))}
        </Text>
        {figures.noCostRevenue !== 0 ? (
          <Text size="xs" c="var(--mantine-color-orange-text)" title={t.noCostHint} data-testid={`${testId}-no-cost`}>
            {t.noCost(money(figures.noCostRevenue))}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * Gross profit: today's against the same weekday of last week, and the last 30 days'. Revenue is
 * without IVA and IEPS; sales of products without a cost are shown apart, never as profit.
 */
export function ProfitCards({ profit, compareDate }: { profit: DashboardProfit; compareDate: string }) {
  const compared = {
    today: profit.today.profit,
    lastWeek: profit.lastWeek.profit,
    changePercent: profit.changePercent,
  };
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <ProfitCard label={t.today} figures={profit.today} testId="figure-profit-today">
        <Comparison figure={compared} compareDate={compareDate} />
      </ProfitCard>
      <ProfitCard label={t.last30Days} figures={profit.last30Days} testId="figure-profit-30" />
    </SimpleGrid>
  );
}
