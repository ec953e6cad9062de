import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Text, Title } from '@mantine/core';
import type { DashboardDay } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { dayMonthOf, money } from '../format';

// @mantine/charts (and recharts) load only with this lazy page, never in the initial bundle.

const t = es.dashboard.chart;

/** The last 30 days' sales, cash and credit stacked per day. */
export function SalesChart({ days }: { days: DashboardDay[] }) {
  const data = days.map((day) => ({ day: dayMonthOf(day.date), cash: day.cash, credit: day.credit }));
  const empty = days.every((day) => day.receipts === 0);
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="sm">
        {t.title}
      </Title>
      {empty ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : (
        <BarChart
          h={260}
          data={data}
          dataKey="day"
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={money}
          yAxisProps={{ width: 80 }}
          tickLine="y"
          series={[
            { name: 'cash', label: t.cash, color: 'teal.6' },
            { name: 'credit', label: t.credit, color: 'orange.5' },
          ]}
          aria-label={t.title}
          data-testid="sales-chart"
        />
      )}
    </Card>
  );
}
