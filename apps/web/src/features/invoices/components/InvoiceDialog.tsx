import { Alert, Button, Group, Modal, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type InvoiceSummary,
  invoiceReceiverSchema,
  type Receipt,
  SAT_PAYMENT_FORMS,
  SAT_REGIMES,
} from '@mostrador/shared';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { notifyError, notifyFailure, notifySuccess, notifyWarning } from '../../../lib/notify';
import { fiscalOptions, useClientDetails } from '../../clients';
import { useCreateInvoice } from '../api/invoices';
import { createBodyOf, hasFiscalData, invoiceTotals, receiverOf, receiverValuesOf } from '../invoice-forms';
import { invoiceNumber } from '../invoice-view';
import { isNotConfigured } from '../not-configured';
import type { InvoiceFormValues } from './invoice-form-values';
import { InvoiceResult } from './InvoiceResult';
import { InvoiceTotalsTable } from './InvoiceTotalsTable';
import { NotConfiguredAlert } from './NotConfiguredAlert';
import { ReceiverFields } from './ReceiverFields';

const t = es.invoices.dialog;
const PAYMENT_FORM_OPTIONS = SAT_PAYMENT_FORMS.map((f) => ({ value: f.code, label: `${f.code} — ${f.name}` }));

export interface InvoiceDialogProps {
  /** One receipt (its card or page) or several of one client (the client's page). */
  receipts: Receipt[];
  clientId: number | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Facturar': the receiver (the client's saved fiscal data, or typed here and saved to the
 * client), the uso de CFDI and forma de pago, the totals; then the stamped invoice's PDF and XML.
 */
export function InvoiceDialog({ receipts, clientId, opened, onClose }: InvoiceDialogProps) {
  const [result, setResult] = useState<InvoiceSummary | null>(null);
  const close = () => {
    onClose();
    setResult(null);
  };
  const title = receipts.length === 1 ? t.title : t.titleMany(receipts.length);
  return (
    <Modal opened={opened} onClose={close} title={title} size="lg">
      {result ? (
        <InvoiceResult invoice={result} onClose={close} />
      ) : (
        <InvoiceForm receipts={receipts} clientId={clientId} onDone={setResult} onCancel={close} />
      )}
    </Modal>
  );
}

function InvoiceForm({
  receipts,
  clientId,
  onDone,
  onCancel,
}: {
  receipts: Receipt[];
  clientId: number | null;
  onDone: (invoice: InvoiceSummary) => void;
  onCancel: () => void;
}) {
  const details = useClientDetails(clientId ?? 0);
  if (clientId !== null && details.isPending) return <Skeleton height={240} data-testid="invoice-dialog-loading" />;
  if (clientId !== null && details.isError) {
    return (
      <ErrorState
        title={t.loadClientError}
        detail={getErrorMessage(details.error)}
        onRetry={() => void details.refetch()}
      />
    );
  }
  return (
    <LoadedInvoiceForm
      receipts={receipts}
      clientId={clientId}
      client={clientId !== null ? (details.data ?? null) : null}
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}

function LoadedInvoiceForm({
  receipts,
  clientId,
  client,
  onDone,
  onCancel,
}: {
  receipts: Receipt[];
  clientId: number | null;
  client: Parameters<typeof receiverValuesOf>[0];
  onDone: (invoice: InvoiceSummary) => void;
  onCancel: () => void;
}) {
  const create = useCreateInvoice();
  const [notConfigured, setNotConfigured] = useState(false);
  const saved = hasFiscalData(client) ? client : null;
  const form = useForm<InvoiceFormValues>({
    mode: 'controlled',
    initialValues: { ...receiverValuesOf(client), cfdiUse: client?.cfdiUse ?? null, paymentForm: null },
    // The server's own contract for a typed receiver, so its rules and messages are the ones shown.
    validate: (values) =>
      saved ? {} : schemaResolver(invoiceReceiverSchema, { sync: true })(receiverOf(values, values.cfdiUse)),
  });
  const { regimes, uses } = fiscalOptions(
    saved?.rfc ?? form.values.rfc,
    saved?.taxRegime ?? form.values.taxRegime,
    form.values.cfdiUse,
  );
  const totals = invoiceTotals(receipts);

  const submit = form.onSubmit((values) =>
    create.mutate(
      createBodyOf({
        receiptIds: receipts.map((r) => r.id),
        clientId,
        receiver: saved ? null : values,
        cfdiUse: values.cfdiUse,
        paymentForm: values.paymentForm,
      }),
      {
        onSuccess: (invoice) => {
          const number = invoiceNumber(invoice);
          if (invoice.status === 'stamped') notifySuccess(t.stamped(number));
          else if (invoice.status === 'pending') notifyWarning(t.pending);
          else notifyError(invoice.pacMessage ? `${t.refused(number)} ${invoice.pacMessage}` : t.refused(number));
          onDone(invoice);
        },
        onError: (error) => {
          if (isNotConfigured(error)) setNotConfigured(true);
          else notifyFailure(t.failed, error);
        },
      },
    ),
  );

  if (notConfigured) return <NotConfiguredAlert />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed" data-testid="invoice-dialog-receipts">
          {t.receipts(receipts.map((r) => r.id))}
        </Text>
        <Text fw={600}>{t.receiver}</Text>
        {saved ? (
          <SavedReceiver client={saved} />
        ) : (
          <>
            <Alert color="blue" variant="light" p="xs">
              {clientId === null ? t.noClient : `${t.missingFiscal} ${t.willBeSaved}`}
            </Alert>
            <ReceiverFields form={form} regimes={regimes} />
          </>
        )}
        <Select
          label={t.cfdiUse}
          placeholder={t.cfdiUseDefault}
          data={uses}
          searchable
          clearable
          nothingFoundMessage={t.noOptions}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('cfdiUse')}
        />
        <Select
          label={t.paymentForm}
          placeholder={t.paymentFormAuto}
          description={t.paymentFormHint}
          data={PAYMENT_FORM_OPTIONS}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('paymentForm')}
        />
        <InvoiceTotalsTable totals={totals} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {es.common.cancel}
          </Button>
          <Button type="submit" leftSection={<IconFileInvoice size={18} />} loading={create.isPending}>
            {t.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The client's saved fiscal data, as the invoice will carry it. */
function SavedReceiver({
  client,
}: {
  client: { rfc: string; legalName: string; taxRegime: string; taxZipCode: string };
}) {
  const regime = SAT_REGIMES.find((r) => r.code === client.taxRegime);
  const rows: [string, string][] = [
    [t.rfc, client.rfc],
    [t.legalName, client.legalName],
    [t.taxRegime, regime ? `${regime.code} — ${regime.name}` : client.taxRegime],
    [t.taxZipCode, client.taxZipCode],
  ];
  return (
    <Table verticalSpacing={2} fz="sm" data-testid="invoice-receiver">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Td c="dimmed" w={140}>
              {label}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
