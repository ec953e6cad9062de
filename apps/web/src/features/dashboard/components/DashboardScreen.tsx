import { Card, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { dayjs } from '@mostrador/shared';
import { useDeferredValue, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { ComplementsDueWarning, UnbilledWarning } from '../../invoices';
import { type DashboardRange, useDashboard } from '../api/dashboard';
import { longDateOf } from '../format';
import { LowStockList } from './LowStockList';
import { ProfitCards } from './ProfitCards';
import { RangeTaxes } from './RangeTaxes';
import { SalesChart } from './SalesChart';
import { SellersTable } from './SellersTable';
import { TodayCards } from './TodayCards';
import { TopProducts } from './TopProducts';
import { useIdleStages } from '../use-idle-stages';
import { ChartPlaceholder } from './ChartPlaceholder';

const t = es.dashboard;

function DashboardSkeleton() {
  return (
    <Stack gap="md" data-testid="dashboard-loading" aria-busy="true" aria-label={es.common.loading}>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="md">
        {Array.from({ length: 5 }, (_, i) => (
          <Card key={i} withBorder radius="md" padding="md">
            <Skeleton height={12} width="50%" mb="sm" />
            <Skeleton height={26} width="70%" mb="sm" />
            <Skeleton height={10} width="80%" />
          </Card>
        ))}
      </SimpleGrid>
      <Skeleton height={320} radius="md" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Skeleton height={260} radius="md" />
        <Skeleton height={260} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

/** The day at a glance, the last 30 days, what sells and what to reorder (Admin and Manager). */
export function DashboardScreen() {
  const [range, setRange] = useState<DashboardRange | null>(null);
  const [draft, setDraft] = useState<DatesRangeValue<string> | null>(null);
  const dashboard = useDashboard(range);
  // The query's answer is a synchronous store update: the screen follows it in a transition, so
  // React renders it in short slices (as the receipts screen, docs/decisions/059).
  const data = useDeferredValue(dashboard.data);
  // The chart, then the range's tables, then the low stock mount one by one once the first figures
  // are out, each in a transition of its own.
  const stage = useIdleStages(3, data !== undefined);
  const shown: DatesRangeValue<string> = draft ?? (data ? [data.range.from, data.range.to] : [null, null]);
  const today = data?.today.date;

  return (
    <>
      <PageHeader title={t.title} subtitle={today ? t.subtitle(longDateOf(today)) : undefined} />
      <UnbilledWarning />
      <ComplementsDueWarning />
      {!data && !dashboard.isError ? (
        <DashboardSkeleton />
      ) : dashboard.isError && !data ? (
        <ErrorState
          title={t.loadError}
          detail={getErrorMessage(dashboard.error)}
          onRetry={() => void dashboard.refetch()}
        />
      ) : data ? (
        <Stack gap="md" style={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1 }}>
          {dashboard.isError ? (
            <ErrorState
              title={t.loadError}
              detail={getErrorMessage(dashboard.error)}
              onRetry={() => void dashboard.refetch()}
            />
          ) : null}
          <TodayCards data={data} />
          {data.profit ? <ProfitCards profit={data.profit} compareDate={data.today.compareDate} /> : null}
          {stage >= 1 ? <SalesChart days={data.days} /> : <ChartPlaceholder />}
          {stage >= 2 ? (
            <>
              <Group>
                <DatePickerInput
                  type="range"
                  label={t.range.label}
                  description={t.range.description}
                  value={shown}
                  onChange={(value) => {
                    const [from, to] = value;
                    if (from && to) {
                      setDraft(null);
                      setRange({ from, to });
                    } else {
                      setDraft(value);
                    }
                  }}
                  allowSingleDateInRange
                  maxDate={today}
                  maxLevel="year"
                  minDate={today && dayjs(today).subtract(3, 'year').format('YYYY-MM-DD')}
                  w={{ base: '100%', xs: 340 }}
                  data-testid="dashboard-range"
                />
              </Group>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <TopProducts byRevenue={data.topByRevenue} byQuantity={data.topByQuantity} />
                <SellersTable sellers={data.sellers} />
                <RangeTaxes taxes={data.taxes} />
              </SimpleGrid>
            </>
          ) : null}
          {stage >= 3 ? <LowStockList items={data.lowStock} /> : null}
        </Stack>
      ) : null}
    </>
  );
}
