import { Button, Group, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import {
  businessToday,
  formatPayment,
  type ProfitFigures,
  type ProfitGrouping,
  formatQuantity,
  pesosToCents,
} from '@mostrador/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { type ProfitQuery, useDownloadProfitCsv, useProfitReport } from '../api/profit';

const t = es.profit.report;
const money = (pesos: number) => formatPayment(pesosToCents(pesos));
const percent = new Intl.NumberFormat('es-MX', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const marginOf = (margin: number | null) => (margin === null ? '—' : `${percent.format(margin)} %`);
const GROUPINGS: Array<{ value: ProfitGrouping; label: string }> = [
  { value: 'product', label: t.byProduct },
  { value: 'category', label: t.byCategory },
  { value: 'day', label: t.byDay },
];

function FigureCells({ row }: { row: ProfitFigures }) {
  return (
    <>
      <Table.Td ta="right">{money(row.revenue)}</Table.Td>
      <Table.Td ta="right">{money(row.cost)}</Table.Td>
      <Table.Td ta="right" fw={600} c={row.profit < 0 ? 'red' : undefined}>
        {money(row.profit)}
      </Table.Td>
      <Table.Td ta="right">{marginOf(row.margin)}</Table.Td>
      <Table.Td ta="right" c={row.noCostRevenue !== 0 ? 'var(--mantine-color-orange-text)' : 'dimmed'}>
        {money(row.noCostRevenue)}
      </Table.Td>
    </>
  );
}

/**
 * 'Utilidad': any range's gross profit by product, category or day (revenue without taxes, the
 * cost of what was sold, the margin), the sales without a known cost apart, and its CSV.
 */
export function ProfitReportSection() {
  const today = businessToday();
  const [query, setQuery] = useState<ProfitQuery>({ from: `${today.slice(0, 8)}01`, to: today, by: 'product' });
  const [draft, setDraft] = useState<DatesRangeValue<string> | null>(null);
  const report = useProfitReport(query);
  const download = useDownloadProfitCsv();
  const byProduct = query.by === 'product';
  const firstColumn = GROUPINGS.find((g) => g.value === query.by)!.label;

  return (
    <Stack gap="sm" data-testid="profit-report">
      <Title order={3} size="h4">
        {t.title}
      </Title>
      <Text size="sm" c="dimmed">
        {t.description}
      </Text>
      <Group justify="space-between" wrap="wrap" align="end">
        <Group align="end" wrap="wrap">
          <DatePickerInput
            type="range"
            label={`${t.from} – ${t.to}`}
            value={draft ?? [query.from, query.to]}
            onChange={(value) => {
              const [from, to] = value;
              if (from && to) {
                setDraft(null);
                setQuery((q) => ({ ...q, from, to }));
              } else {
                setDraft(value);
              }
            }}
            allowSingleDateInRange
            maxDate={today}
            w={{ base: '100%', xs: 340 }}
            data-testid="profit-range"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t.by}
            </Text>
            <SegmentedControl
              data={GROUPINGS}
              value={query.by}
              onChange={(value) => setQuery((q) => ({ ...q, by: value as ProfitGrouping }))}
              aria-label={t.by}
            />
          </Stack>
        </Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          loading={download.isPending}
          onClick={() =>
            download.mutate(query, {
              onSuccess: () => notifications.show({ color: 'teal', message: t.downloaded }),
              onError: (error) =>
                notifications.show({ color: 'red', title: t.downloadFailed, message: getErrorMessage(error) }),
            })
          }
        >
          {t.download}
        </Button>
      </Group>
      {report.isPending ? (
        <Skeleton height={160} data-testid="profit-report-loading" />
      ) : report.isError ? (
        <ErrorState title={t.loadError} detail={getErrorMessage(report.error)} onRetry={() => void report.refetch()} />
      ) : report.data.rows.length === 0 ||
        (report.data.totals.revenue === 0 &&
          report.data.totals.cost === 0 &&
          report.data.totals.noCostRevenue === 0) ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table
            striped
            aria-label={t.title}
            data-testid="profit-table"
            style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{firstColumn}</Table.Th>
                {byProduct ? <Table.Th ta="right">{t.quantity}</Table.Th> : null}
                <Table.Th ta="right">{t.revenue}</Table.Th>
                <Table.Th ta="right">{t.cost}</Table.Th>
                <Table.Th ta="right">{t.profit}</Table.Th>
                <Table.Th ta="right">{t.margin}</Table.Th>
                <Table.Th ta="right">{t.noCost}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.data.rows.map((row) => (
                <Table.Tr key={row.productId ?? row.label}>
                  <Table.Td>{row.label}</Table.Td>
                  {byProduct ? (
                    <Table.Td ta="right">
                      {row.quantity === null ? '' : formatQuantity(row.quantity, row.unit ?? undefined)}
                    </Table.Td>
                  ) : null}
                  <FigureCells row={row} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Td>{t.totals}</Table.Td>
                {byProduct ? <Table.Td /> : null}
                <FigureCells row={report.data.totals} />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
