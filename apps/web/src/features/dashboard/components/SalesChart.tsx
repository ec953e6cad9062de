import { Box, Card, Group, Text, Title } from '@mantine/core';
import type { DashboardDay } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { niceScale } from '../chart-scale';
import { dayMonthOf, money } from '../format';

// The last 30 days as plain elements: each day a column of two stacked bars sized in percent of
// the scale, the axis and grid positioned the same way, so CSS lays it out at any width without a
// measurement or a chart library (recharts cost the Panel most of its blocking time; see
// docs/decisions/102-profit.md).

const t = es.dashboard.chart;
const CASH = 'var(--mantine-color-teal-6)';
const CREDIT = 'var(--mantine-color-orange-5)';
const HEIGHT = 220;
/** Every how many days the axis names one (the first, then every fifth, and today). */
const LABEL_EVERY = 5;

/** The axis in short: '$2.5 k', '$4 M' (the tooltip of each day has the exact amounts). */
const axisMoney = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  currencyDisplay: 'narrowSymbol',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const percent = (value: number, max: number) => `${max === 0 ? 0 : (value / max) * 100}%`;

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={12} h={12} style={{ background: color, borderRadius: 2 }} />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/** The last 30 days' sales, cash and credit stacked per day. */
export function SalesChart({ days }: { days: DashboardDay[] }) {
  const empty = days.every((day) => day.receipts === 0);
  const { max, ticks } = niceScale(Math.max(...days.map((day) => day.cash + day.credit), 0));
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="sm">
        {t.title}
      </Title>
      {empty ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : (
        <div role="img" aria-label={t.title} data-testid="sales-chart">
          <div style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 8 }}>
            <div style={{ position: 'relative', height: HEIGHT, minWidth: 64 }}>
              {ticks.map((tick) => (
                <Text
                  key={tick}
                  size="xs"
                  c="dimmed"
                  style={{ position: 'absolute', right: 0, bottom: percent(tick, max), transform: 'translateY(50%)' }}
                >
                  {axisMoney.format(tick)}
                </Text>
              ))}
            </div>
            <div style={{ position: 'relative', height: HEIGHT }}>
              {ticks.map((tick) => (
                <div
                  key={tick}
                  style={{
                    position: 'absolute',
                    left: 0,
                    right: 0,
                    bottom: percent(tick, max),
                    borderTop: '1px dashed var(--mantine-color-default-border)',
                  }}
                />
              ))}
              <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'flex-end', gap: 2 }}>
                {days.map((day) => (
                  <div
                    key={day.date}
                    title={`${dayMonthOf(day.date)}: ${t.cash} ${money(day.cash)} · ${t.credit} ${money(day.credit)}`}
                    style={{ flex: 1, height: '100%', display: 'flex', flexDirection: 'column-reverse' }}
                  >
                    <div style={{ height: percent(day.cash, max), background: CASH }} />
                    <div style={{ height: percent(day.credit, max), background: CREDIT }} />
                  </div>
                ))}
              </div>
            </div>
            <div />
            <div style={{ display: 'flex', gap: 2, marginTop: 4 }} aria-hidden>
              {days.map((day, i) => (
                <Text key={day.date} size="xs" c="dimmed" ta="center" style={{ flex: 1, whiteSpace: 'nowrap' }}>
                  {i % LABEL_EVERY === 0 || i === days.length - 1 ? dayMonthOf(day.date) : ''}
                </Text>
              ))}
            </div>
          </div>
          <Group justify="center" gap="lg" mt="sm">
            <Swatch color={CASH} label={t.cash} />
            <Swatch color={CREDIT} label={t.credit} />
          </Group>
        </div>
      )}
    </Card>
  );
}
