import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type AddClientPaymentInput,
  addClientPaymentBodySchema,
  type Client,
  clientFullName,
  DEFAULT_PAYMENT_METHOD,
  formatPayment,
  type PaymentMethod,
  pesosToCents,
} from '@mostrador/shared';
import { useState } from 'react';
import { PaymentMethodControl } from '../../../components/PaymentMethodControl';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useAttempt } from '../../../lib/use-attempt';
import { useAddClientPayment } from '../api/credit';

const t = es.clients.payment;

interface AbonoValues {
  clientId: number;
  amount: number | string;
  note: string;
}

/** 'Registrar abono': one amount for the client's account, paid over their oldest receipts first. */
export function RegisterAbonoModal({
  client,
  opened,
  onClose,
}: {
  client: Client;
  opened: boolean;
  onClose: () => void;
}) {
  const add = useAddClientPayment();
  // Only an Admin or Manager opens it, and their client carries what it owes.
  const balance = client.balance ?? 0;
  // Sent again after a lost answer, the same abono is the same request: it counts once. After it
  // is recorded, an equal abono is a new one.
  const attempt = useAttempt<AddClientPaymentInput>();
  // The form is uncontrolled; the method, a control outside its inputs, lives here.
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const form = useForm<AbonoValues>({
    mode: 'uncontrolled',
    initialValues: { clientId: client.id, amount: '', note: '' },
    validate: schemaResolver(addClientPaymentBodySchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    if (add.isPending) return;
    const body = { clientId: client.id, amount: Number(values.amount), note: values.note || undefined, method };
    const request = attempt.request(body, () => body);
    add.mutate(request, {
      onSuccess: (result) => {
        attempt.settle(request);
        notifySuccess(t.done(formatPayment(pesosToCents(result.amount)), result.payments.length));
        form.reset();
        setMethod(DEFAULT_PAYMENT_METHOD);
        onClose();
      },
      onError: (error) => {
        if (attempt.settle(request, error) === 'unanswered') notifyWarning(t.lostAnswer);
        else notifyFailure(t.failed, error);
      },
    });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={`${t.title} · ${clientFullName(client) ?? ''}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t.owed(formatPayment(pesosToCents(balance)))}</Text>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <NumberInput
              label={t.amount}
              prefix="$"
              decimalScale={2}
              min={0}
              thousandSeparator=","
              data-autofocus
              style={{ flex: 1 }}
              key={form.key('amount')}
              {...form.getInputProps('amount')}
            />
            <Button variant="default" disabled={balance <= 0} onClick={() => form.setFieldValue('amount', balance)}>
              {t.payAll}
            </Button>
          </Group>
          <TextInput
            label={t.note}
            placeholder={t.notePlaceholder}
            key={form.key('note')}
            {...form.getInputProps('note')}
          />
          <PaymentMethodControl value={method} onChange={setMethod} />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
