import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { AutofacturaInvoice } from '@mostrador/shared';
import { IconCircleCheck, IconClockHour4, IconFileCode, IconFileTypePdf } from '@tabler/icons-react';
import { es } from '../../../i18n/es';

const t = es.autofactura.done;

/**
 * The receipt's invoice: its folio, UUID and receiver, and the PDF and XML as plain links (they
 * are signed, need no session, and a phone saves or opens them as it does any download). While
 * it is being stamped, the reason says to come back.
 */
export function InvoiceReady({ invoice, reason }: { invoice: AutofacturaInvoice; reason: string | null }) {
  if (!invoice.downloads) {
    return (
      <Alert color="yellow" icon={<IconClockHour4 />} title={t.pending} role="status">
        {reason}
      </Alert>
    );
  }
  const { pdf, xml } = invoice.downloads;
  return (
    <Paper withBorder radius="md" p="md" data-testid="autofactura-invoice">
      <Stack gap="sm">
        <Title order={2} size="h4" c="teal.8">
          <IconCircleCheck size={22} style={{ verticalAlign: 'text-bottom', marginRight: 6 }} aria-hidden />
          {t.title}
        </Title>
        <Stack gap={2}>
          <Text fw={600}>{t.folio(invoice.series, invoice.folio)}</Text>
          {invoice.uuid ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {`${t.uuid}: ${invoice.uuid}`}
            </Text>
          ) : null}
          <Text size="sm">{`${t.receiver}: ${invoice.receiverName} (${invoice.receiverRfc})`}</Text>
        </Stack>
        <Button component="a" href={pdf} download size="md" fullWidth leftSection={<IconFileTypePdf size={20} />}>
          {t.pdf}
        </Button>
        <Button
          component="a"
          href={xml}
          download
          size="md"
          fullWidth
          variant="light"
          leftSection={<IconFileCode size={20} />}
        >
          {t.xml}
        </Button>
      </Stack>
    </Paper>
  );
}
