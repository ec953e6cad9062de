import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  centsToPesos,
  DEFAULT_PAYMENT_METHOD,
  formatPayment,
  type PaymentMethod,
  pesosToCents,
} from '@mostrador/shared';
import { PaymentMethodControl } from '../../../components/PaymentMethodControl';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useAddPayment } from '../api/receipt-actions';
import { paymentAmountError } from '../receipt-form';
import type { ReceiptActionDialogProps } from './receipt-actions';

const t = es.receipts.payment;

export function RegisterPaymentModal({ receipt, opened, onClose }: ReceiptActionDialogProps) {
  const addPayment = useAddPayment();
  const balanceCents = pesosToCents(receipt.balance);
  const form = useForm<{ amount: number | string; method: PaymentMethod }>({
    initialValues: { amount: '', method: DEFAULT_PAYMENT_METHOD },
    validate: { amount: (value) => paymentAmountError(value, balanceCents) },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(({ amount, method }) =>
    addPayment.mutate(
      { receiptId: receipt.id, amount: Number(amount), method },
      {
        onSuccess: () => {
          notifySuccess(t.registered);
          close();
        },
        onError: (error) => notifyFailure(t.failed, error),
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title={t.title(receipt.id)}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between">
            <Text c="dimmed">{t.balance}</Text>
            <Text fw={700} data-testid="payment-balance">
              {formatPayment(balanceCents)}
            </Text>
          </Group>
          <Group align="flex-end" wrap="nowrap">
            <NumberInput
              label={t.amount}
              prefix="$"
              min={1}
              clampBehavior="none"
              decimalScale={2}
              thousandSeparator=","
              allowNegative={false}
              withAsterisk
              data-autofocus
              style={{ flex: 1 }}
              {...form.getInputProps('amount')}
            />
            <Button
              variant="light"
              disabled={balanceCents <= 0}
              onClick={() => form.setFieldValue('amount', centsToPesos(balanceCents))}
            >
              {t.coverBalance}
            </Button>
          </Group>
          <PaymentMethodControl
            value={form.values.method}
            onChange={(method) => form.setFieldValue('method', method)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {es.common.cancel}
            </Button>
            <Button type="submit" loading={addPayment.isPending}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
