import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  INVOICE_CANCEL_MOTIVES,
  type InvoiceCancelBody,
  invoiceCancelBodySchema,
  type InvoiceSummary,
} from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { openConfirm } from '../../../lib/confirm';
import { notifyFailure, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useCancelInvoice } from '../api/invoices';
import { cancelBodyOf, type CancelValues } from '../invoice-forms';
import { invoiceNumber } from '../invoice-view';

const t = es.invoices.cancel;
const MOTIVE_OPTIONS = INVOICE_CANCEL_MOTIVES.map((m) => ({ value: m.code, label: `${m.code} — ${m.label}` }));

/** 'Cancelar' a Vigente invoice: the SAT's motive (01 with the substitute's UUID), then a confirmation. */
export function CancelInvoiceModal({
  invoice,
  opened,
  onClose,
}: {
  invoice: InvoiceSummary;
  opened: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelInvoice();
  const number = invoiceNumber(invoice);
  const form = useForm<CancelValues>({
    mode: 'controlled',
    initialValues: { motive: null, replacementUuid: '' },
    // The server's own contract, so its rules and messages are the ones shown here.
    validate: (values) => schemaResolver(invoiceCancelBodySchema, { sync: true })(cancelBodyOf(invoice.id, values)),
  });

  const send = (body: InvoiceCancelBody) =>
    cancel.mutate(body, {
      onSuccess: (result) => {
        if (result.status === 'cancelling') notifyWarning(t.inProcess(number));
        else notifySuccess(t.done(number));
        form.reset();
        onClose();
      },
      onError: (error) => notifyFailure(t.failed, error),
    });

  const submit = form.onSubmit((values) => {
    const body = invoiceCancelBodySchema.parse(cancelBodyOf(invoice.id, values));
    const motive = INVOICE_CANCEL_MOTIVES.find((m) => m.code === body.motive)?.label ?? body.motive;
    openConfirm({
      title: t.confirmTitle,
      children: <Text size="sm">{t.confirm(number, motive)}</Text>,
      labels: { confirm: t.confirmButton, cancel: t.back },
      confirmProps: { color: 'red' },
      onConfirm: () => send(body),
    });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t.title(number)}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t.intro}
          </Text>
          <Select
            label={t.motive}
            placeholder={t.motivePlaceholder}
            data={MOTIVE_OPTIONS}
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('motive')}
          />
          {form.values.motive === '01' ? (
            <TextInput
              label={t.replacementUuid}
              description={t.replacementUuidHint}
              withAsterisk
              autoComplete="off"
              spellCheck={false}
              maxLength={36}
              ff="monospace"
              styles={{ input: { textTransform: 'uppercase' } }}
              {...form.getInputProps('replacementUuid')}
            />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t.back}
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
