import { Group, Text } from '@mantine/core';
import { formatPayment, pesosToCents, type Receipt } from '@mostrador/shared';
import { es } from '../../../i18n/es';

const t = es.receipts.card;

/**
 * What the receipt's total is made of, under its lines: Subtotal, IEPS (when there is any) and
 * IVA, as the lines were split when sold. Plain text, no component per figure: a page of cards
 * draws one of these each.
 */
export function ReceiptTaxTotals({ receipt }: { receipt: Pick<Receipt, 'subtotal' | 'ieps' | 'iva'> }) {
  const money = (pesos: number) => formatPayment(pesosToCents(pesos));
  return (
    <Group justify="flex-end" gap="md" mt="xs" data-testid="receipt-taxes">
      <Text size="xs" c="dimmed" data-testid="receipt-subtotal">
        {t.subtotal} {money(receipt.subtotal)}
      </Text>
      {receipt.ieps !== 0 ? (
        <Text size="xs" c="dimmed" data-testid="receipt-ieps">
          {t.ieps} {money(receipt.ieps)}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" data-testid="receipt-iva">
        {t.iva} {money(receipt.iva)}
      </Text>
    </Group>
  );
}
