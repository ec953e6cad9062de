import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { InvoiceSummary } from '@mostrador/shared';
import { IconFileCode, IconFileTypePdf } from '@tabler/icons-react';
import { es } from '../../../i18n/es';
import { notifyFailure } from '../../../lib/notify';
import { useDownloadInvoiceXml, useOpenInvoicePdf } from '../api/documents';
import { invoiceNumber } from '../invoice-view';

const t = es.invoices.dialog;

/** After 'Timbrar factura': how it went, and for a stamped invoice its PDF and XML. */
export function InvoiceResult({ invoice, onClose }: { invoice: InvoiceSummary; onClose: () => void }) {
  const pdf = useOpenInvoicePdf();
  const xml = useDownloadInvoiceXml();
  const number = invoiceNumber(invoice);
  const stamped = invoice.status === 'stamped';
  const [color, title] = stamped
    ? (['green', t.stamped(number)] as const)
    : invoice.status === 'pending'
      ? (['yellow', t.pending] as const)
      : (['red', t.refused(number)] as const);
  return (
    <Stack gap="md" data-testid="invoice-result">
      <Alert color={color} title={title}>
        {stamped ? (
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="invoice-result-uuid">
            UUID {invoice.uuid}
          </Text>
        ) : invoice.pacMessage ? (
          <Text size="sm">{invoice.pacMessage}</Text>
        ) : null}
      </Alert>
      <Group justify="flex-end" gap="sm" wrap="wrap">
        {stamped ? (
          <>
            <Button
              variant="default"
              leftSection={<IconFileCode size={18} />}
              loading={xml.isPending}
              onClick={() => xml.mutate(invoice.id, { onError: (e) => notifyFailure(es.invoices.xmlFailed, e) })}
            >
              {t.downloadXml}
            </Button>
            <Button
              leftSection={<IconFileTypePdf size={18} />}
              loading={pdf.isPending}
              onClick={() => {
                const tab = window.open('', '_blank');
                pdf.mutate(
                  { id: invoice.id, format: 'letter', tab },
                  { onError: (e) => notifyFailure(es.invoices.pdfFailed, e) },
                );
              }}
            >
              {t.openPdf}
            </Button>
          </>
        ) : null}
        <Button variant={stamped ? 'subtle' : 'filled'} onClick={onClose}>
          {es.common.close}
        </Button>
      </Group>
    </Stack>
  );
}
