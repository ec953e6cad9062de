import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
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
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
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
  // The same abono sent again (a retry, a double click) keeps its key, so it counts once.
  const [attempt, setAttempt] = useState<{ key: string; body: string } | null>(null);
  // The form is uncontrolled; the method, a control outside its inputs, lives here.
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const form = useForm<AbonoValues>({
    mode: 'uncontrolled',
    initialValues: { clientId: client.id, amount: '', note: '' },
    validate: schemaResolver(addClientPaymentBodySchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const body = { clientId: client.id, amount: Number(values.amount), note: values.note || undefined, method };
    const serialized = JSON.stringify(body);
    const key = attempt?.body === serialized ? attempt.key : newIdempotencyKey();
    setAttempt({ key, body: serialized });
    add.mutate(
      { body, idempotencyKey: key },
      {
        onSuccess: (result) => {
          notifySuccess(t.done(formatPayment(pesosToCents(result.amount)), result.payments.length));
          form.reset();
          setMethod(DEFAULT_PAYMENT_METHOD);
          onClose();
        },
        onError: (error) => notifyFailure(t.failed, error),
      },
    );
  });

  return (
    <Modal opened={opened} onClose={onClose} title={`${t.title} · ${clientFullName(client) ?? ''}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t.owed(formatPayment(pesosToCents(client.balance)))}</Text>
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
            <Button
              variant="default"
              disabled={client.balance <= 0}
              onClick={() => form.setFieldValue('amount', client.balance)}
            >
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
