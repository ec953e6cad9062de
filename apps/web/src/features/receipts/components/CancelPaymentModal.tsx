import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatPayment, type Payment, pesosToCents, type Receipt } from '@mostrador/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCancelPayment } from '../api/receipt-actions';

const t = es.receipts.cancelPayment;

/** Cancelling a payment is irreversible, so it asks first. */
export function CancelPaymentModal({
  receipt,
  payment,
  opened,
  onClose,
}: {
  receipt: Receipt;
  payment: Payment | null;
  opened: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelPayment();

  const confirm = () => {
    if (!payment) return;
    cancel.mutate(
      { paymentId: payment.id },
      {
        onSuccess: () => {
          notifySuccess(t.cancelled);
          onClose();
        },
        onError: (error) => notifyFailure(t.failed, error),
      },
    );
  };

  return (
    <Modal opened={opened && payment !== null} onClose={onClose} title={t.title}>
      <Stack gap="md">
        <Text>{payment ? t.question(formatPayment(pesosToCents(payment.amount)), receipt.id) : null}</Text>
        <Alert color="red" icon={<IconAlertTriangle />}>
          {t.irreversible}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.back}
          </Button>
          <Button color="red" loading={cancel.isPending} onClick={confirm}>
            {t.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
