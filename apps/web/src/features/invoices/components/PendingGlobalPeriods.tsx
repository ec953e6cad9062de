import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { businessDayBounds, formatShortDate, formatTotal, type PendingGlobal, pesosToCents } from '@mostrador/shared';
import { IconFileInvoice } from '@tabler/icons-react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useIssueGlobal } from '../api/invoices';
import { invoiceNumber } from '../invoice-view';

const t = es.invoices.globalSection;
const day = (ymd: string) => formatShortDate(businessDayBounds(ymd).start);

/** The closed periods with unbilled public sales, each with 'Emitir factura global'. */
export function PendingGlobalPeriods({ pending }: { pending: PendingGlobal }) {
  const issue = useIssueGlobal();
  const emit = (from: string, to: string) =>
    issue.mutate(
      { from, to, periodicity: pending.periodicity },
      {
        onSuccess: (invoice) =>
          invoice.status === 'stamped'
            ? notifySuccess(t.issued(invoiceNumber(invoice)))
            : notifyWarning(es.invoices.dialog.pending),
        onError: (error) => notifyFailure(t.failed, error),
      },
    );
  return (
    <Stack gap="xs" data-testid="pending-global">
      {pending.periods.map((period) => {
        const label = t.period(day(period.from), day(period.to));
        return (
          <Paper key={`${period.from}-${period.to}`} withBorder radius="sm" px="sm" py="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <Text size="xs" c="dimmed">
                  {t.receipts(period.receipts)} · {formatTotal(pesosToCents(period.total))}
                </Text>
              </Stack>
              <Button
                size="xs"
                leftSection={<IconFileInvoice size={16} />}
                loading={issue.isPending && issue.variables.from === period.from && issue.variables.to === period.to}
                disabled={issue.isPending}
                onClick={() => emit(period.from, period.to)}
                aria-label={`${t.issue}: ${label}`}
              >
                {t.issue}
              </Button>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
