import { Stack, Text } from '@mantine/core';
import { formatDateTime, formatPayment, pesosToCents, type Receipt } from '@mostrador/shared';
import { es } from '../../../i18n/es';

const t = es.returns.card;

/** The receipt's returns, one line each: 'Devolución #3 · date · por Ana · $29.94 (entregado $29.94) · reason'. */
export function ReceiptReturnsList({ receipt }: { receipt: Receipt }) {
  if (receipt.returns.length === 0) return null;
  return (
    <Stack gap={2} mt="sm" data-testid="receipt-returns">
      <Text size="sm" fw={600}>
        {t.title}
      </Text>
      {receipt.returns.map((r) => (
        <Text key={r.id} size="sm" data-testid="receipt-return">
          {t.line(r.id)} · {formatDateTime(r.createdAt)} · {t.by} {r.user.name} · −
          {formatPayment(pesosToCents(r.amount))} ({t.refund} {formatPayment(pesosToCents(r.refund))},{' '}
          {es.paymentMethod.names[r.method]}) · {r.reason}
        </Text>
      ))}
    </Stack>
  );
}
