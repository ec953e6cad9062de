import { Button, Stack, Table, Text } from '@mantine/core';
import { formatDateTime, formatPayment, pesosToCents, type StatementComplement } from '@mostrador/shared';
import { IconFileTypePdf } from '@tabler/icons-react';
import { es } from '../../../i18n/es';
import { notifyFailure } from '../../../lib/notify';
import { useOpenInvoicePdf } from '../api/documents';
import { shortUuid } from '../invoice-view';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';

const t = es.invoices.complements;

/** The client's complementos de pago of the statement's period, each with its PDF (decision 097). */
export function StatementComplements({ complements }: { complements: readonly StatementComplement[] }) {
  const pdf = useOpenInvoicePdf();
  if (complements.length === 0) return null;
  const open = (id: number) => {
    // Opened inside the click, so the browser lets it; filled once the PDF arrives.
    const tab = window.open('', '_blank');
    pdf.mutate({ id, format: 'letter', tab }, { onError: (error) => notifyFailure(es.invoices.pdfFailed, error) });
  };
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t.title}
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table striped aria-label={t.title} data-testid="statement-complements">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.number}</Table.Th>
              <Table.Th>{t.uuid}</Table.Th>
              <Table.Th>{t.date}</Table.Th>
              <Table.Th ta="right">{t.amount}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {complements.map((complement) => (
              <Table.Tr key={complement.id} data-testid="statement-complement">
                <Table.Td fw={600}>{complement.number}</Table.Td>
                <Table.Td ff="monospace" title={complement.uuid ?? undefined}>
                  {complement.uuid ? shortUuid(complement.uuid) : <InvoiceStatusBadge status={complement.status} />}
                </Table.Td>
                <Table.Td>{formatDateTime(complement.date)}</Table.Td>
                <Table.Td ta="right">{formatPayment(pesosToCents(complement.amount))}</Table.Td>
                <Table.Td ta="right">
                  {complement.uuid ? (
                    <Button
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconFileTypePdf size={14} />}
                      aria-label={t.openPdf(complement.number)}
                      loading={pdf.isPending && pdf.variables?.id === complement.id}
                      onClick={() => open(complement.id)}
                    >
                      {t.pdf}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
