import { Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import {
  businessToday,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceSummary,
} from '@mostrador/shared';
import { IconFileOff } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { useInvoices } from '../api/invoices';
import { isNotConfigured } from '../not-configured';
import { GlobalInvoiceSection } from './GlobalInvoiceSection';
import { InvoiceActionsMenu } from './InvoiceActionsMenu';
import { InvoiceCard } from './InvoiceCard';
import { MonthZipButton } from './MonthZipButton';
import { NotConfiguredAlert } from './NotConfiguredAlert';
import { useInvoiceActions } from './useInvoiceActions';

const t = es.invoices;
const STATUS_OPTIONS = INVOICE_STATUSES.map((status) => ({ value: status, label: INVOICE_STATUS_LABELS[status] }));

/** This month so far: the invoices a shop looks at most. */
const thisMonth = (): { from: string; to: string } => {
  const today = businessToday();
  return { from: `${today.slice(0, 7)}-01`, to: today };
};

/** 'Facturas' (Admin and Manager): the invoices of a period, their documents and the factura global. */
export function InvoicesScreen() {
  const [period, setPeriod] = useState(thisMonth);
  const [draft, setDraft] = useState<DatesRangeValue<string> | null>(null);
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const query: InvoiceListQuery = { ...period, ...(status ? { status } : {}) };
  const invoices = useInvoices(query);
  const notConfigured = invoices.isError && isNotConfigured(invoices.error);

  return (
    <>
      <PageHeader title={t.title} subtitle={t.subtitle} actions={notConfigured ? null : <MonthZipButton />} />
      {notConfigured ? (
        <NotConfiguredAlert />
      ) : (
        <Stack gap="lg">
          <GlobalInvoiceSection />
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DatePickerInput
              type="range"
              label={t.filters.period}
              placeholder={t.filters.periodPlaceholder}
              value={draft ?? [period.from, period.to]}
              onChange={(value) => {
                const [from, to] = value;
                if (from && to) {
                  setDraft(null);
                  setPeriod({ from: from.slice(0, 10), to: to.slice(0, 10) });
                } else {
                  setDraft(value);
                }
              }}
              allowSingleDateInRange
              maxDate={businessToday()}
              valueFormat="DD/MM/YYYY"
              w={{ base: '100%', xs: 260 }}
              data-testid="invoice-period"
            />
            <Select
              label={t.filters.status}
              placeholder={t.filters.allStatuses}
              data={STATUS_OPTIONS}
              value={status}
              onChange={(value) => setStatus(value as InvoiceStatus | null)}
              clearable
              w={{ base: '100%', xs: 220 }}
              data-testid="invoice-status-filter"
            />
          </Group>
          <InvoiceResults invoices={invoices} />
        </Stack>
      )}
    </>
  );
}

function InvoiceResults({ invoices }: { invoices: ReturnType<typeof useInvoices> }) {
  const { run, isBusy, dialogs } = useInvoiceActions();
  return (
    <>
      <InvoiceResultsBody
        invoices={invoices}
        render={(invoice) => (
          <InvoiceCard
            key={invoice.id}
            invoice={invoice}
            menu={
              <InvoiceActionsMenu
                invoice={invoice}
                busy={isBusy(invoice)}
                onAction={(action) => run(invoice, action)}
              />
            }
          />
        )}
      />
      {dialogs}
    </>
  );
}

function InvoiceResultsBody({
  invoices,
  render,
}: {
  invoices: ReturnType<typeof useInvoices>;
  render: (invoice: InvoiceSummary) => ReactNode;
}) {
  if (invoices.isPending) return <InvoiceListSkeleton />;
  if (invoices.isError) {
    return (
      <ErrorState
        title={t.loadError}
        detail={getErrorMessage(invoices.error)}
        onRetry={() => void invoices.refetch()}
      />
    );
  }
  if (invoices.data.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" data-testid="invoices-empty">
        <Stack align="center" gap={4}>
          <IconFileOff size={32} stroke={1.5} />
          <Text fw={600}>{t.empty}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {t.emptyHint}
          </Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="sm" style={{ opacity: invoices.isPlaceholderData ? 0.6 : 1 }} data-testid="invoice-list">
      {invoices.data.map(render)}
    </Stack>
  );
}

function InvoiceListSkeleton() {
  return (
    <Stack gap="sm" data-testid="invoices-loading" aria-busy="true" aria-label={es.common.loading}>
      {Array.from({ length: 6 }, (_, i) => (
        <Paper key={i} withBorder radius="md" p="md">
          <Skeleton height={20} width="35%" mb="sm" />
          <Skeleton height={12} mb={6} />
          <Skeleton height={12} width="70%" />
        </Paper>
      ))}
    </Stack>
  );
}
