import { Button, Checkbox, Group, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatShortDate, formatTotal, MAX_RECEIPTS_PER_INVOICE, pesosToCents, type Receipt } from '@mostrador/shared';
import { IconFileInvoice } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { es } from '../../../i18n/es';
import { useInvoices } from '../api/invoices';
import { isNotConfigured } from '../not-configured';
import { invoicedReceiptIds, selectableReceipts } from '../receipt-selection';
import { InvoiceDialog } from './InvoiceDialog';

const t = es.invoices.clientSection;

/**
 * 'Facturar remisiones' on a client's page (Admin and Manager): a checkbox per receipt shown
 * that is neither cancelled nor held by an invoice, then one invoice of those chosen. Hidden while
 * invoicing is not set up.
 */
export function ClientInvoicing({ clientId, receipts }: { clientId: number; receipts: Receipt[] }) {
  const invoices = useInvoices({ clientId });
  const [chosen, setChosen] = useState<number[]>([]);
  const [opened, dialog] = useDisclosure(false);
  const selectable = useMemo(
    () => (invoices.data ? selectableReceipts(receipts, invoicedReceiptIds(invoices.data)) : []),
    [receipts, invoices.data],
  );
  // A receipt invoiced meanwhile (another tab) leaves the choice.
  const selected = selectable.filter((receipt) => chosen.includes(receipt.id));

  if (invoices.isError && isNotConfigured(invoices.error)) return null;
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const allChosen = selectable.length > 0 && selected.length === selectable.length;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t.title} data-testid="client-invoicing">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Title order={3} size="h4">
              {t.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t.hint}
            </Text>
          </div>
          <Button
            leftSection={<IconFileInvoice size={18} />}
            disabled={selected.length === 0 || selected.length > MAX_RECEIPTS_PER_INVOICE}
            onClick={dialog.open}
          >
            {t.submit(selected.length)}
          </Button>
        </Group>
        {invoices.isPending ? (
          <Skeleton height={72} />
        ) : invoices.isError ? (
          <Text size="sm" c="red" role="alert">
            {t.loadError}
          </Text>
        ) : selectable.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.none}
          </Text>
        ) : (
          <>
            <Checkbox
              label={t.selectAll}
              checked={allChosen}
              indeterminate={selected.length > 0 && !allChosen}
              onChange={(event) => setChosen(event.currentTarget.checked ? selectable.map((r) => r.id) : [])}
            />
            <ScrollArea.Autosize mah={260}>
              <Stack gap={6} pl="md">
                {selectable.map((receipt) => (
                  <Checkbox
                    key={receipt.id}
                    label={t.receiptLabel(
                      receipt.id,
                      formatShortDate(receipt.date),
                      formatTotal(pesosToCents(receipt.netTotal)),
                    )}
                    checked={chosen.includes(receipt.id)}
                    onChange={(event) => toggle(receipt.id, event.currentTarget.checked)}
                    data-testid="invoice-receipt-choice"
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </>
        )}
      </Stack>
      {opened ? (
        <InvoiceDialog
          receipts={selected}
          clientId={clientId}
          opened={opened}
          onClose={() => {
            dialog.close();
            setChosen([]);
          }}
        />
      ) : null}
    </Paper>
  );
}
