import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { formatDateTime, formatTotal, type InvoiceSummary, pesosToCents } from '@mostrador/shared';
import type { ReactNode } from 'react';
import { es } from '../../../i18n/es';
import { invoiceTitle, shortUuid, showsPacMessage } from '../invoice-view';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';

const t = es.invoices;

/** One invoice of the list: serie-folio, status, date, receiver, UUID, total, the PAC's words, its menu. */
export function InvoiceCard({ invoice, menu }: { invoice: InvoiceSummary; menu: ReactNode }) {
  const number = invoiceTitle(invoice);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={number} data-testid="invoice-card">
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Group gap="xs" wrap="wrap">
          <Text fw={700} size="lg" data-testid="invoice-number">
            {invoiceTitle(invoice)}
          </Text>
          <InvoiceStatusBadge status={invoice.status} />
          {invoice.kind === 'global' ? (
            <Badge variant="outline" color="gray">
              {t.global}
            </Badge>
          ) : null}
          {invoice.relatedInvoice ? (
            <Text size="sm" c="dimmed" data-testid="invoice-related">
              {t.creditOf(invoice.relatedInvoice.number)}
            </Text>
          ) : null}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {/* A complemento de pago's Total is 0 by the SAT's rule: its amount is in its PDF. */}
          {invoice.kind === 'payment' ? null : (
            <Text fw={700} data-testid="invoice-total">
              {formatTotal(pesosToCents(invoice.total))}
            </Text>
          )}
          {menu}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" verticalSpacing={4} mt="xs">
        <Field label={t.columns.date}>{formatDateTime(invoice.issuedAt)}</Field>
        <Field label={t.columns.receiver}>
          <Text span ff="monospace" size="sm">
            {invoice.receiverRfc}
          </Text>{' '}
          {invoice.receiverName}
        </Field>
        <Field label={t.columns.uuid}>
          <Tooltip label={invoice.uuid} disabled={!invoice.uuid}>
            <Text span ff="monospace" size="sm" data-testid="invoice-uuid">
              {shortUuid(invoice.uuid)}
            </Text>
          </Tooltip>
        </Field>
      </SimpleGrid>
      {showsPacMessage(invoice) ? (
        <Alert
          mt="sm"
          p="xs"
          variant="light"
          color={invoice.status === 'refused' ? 'red' : 'yellow'}
          title={t.pacMessage}
          data-testid="invoice-pac-message"
        >
          <Text size="sm">{invoice.pacMessage}</Text>
        </Alert>
      ) : null}
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
