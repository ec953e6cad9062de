import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Card,
  Collapse,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  formatDateTime,
  formatPayment,
  formatQuantity,
  formatTotal,
  meetsRequirement,
  PAYMENT_MODE_LABELS,
  type Payment,
  pesosToCents,
  PROTECTED_ACTIONS,
  type Receipt,
  receiptClientName,
  refundedCents,
} from '@mostrador/shared';
import { IconChevronDown, IconChevronRight, IconX } from '@tabler/icons-react';
import { memo, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { es } from '../../../i18n/es';
import { useAuth } from '../../auth';
import { lazyDialog } from '../../../lib/lazy-dialog';
import { ReceiptActionMenu } from './ReceiptActionMenu';
import { ReceiptReturnsList } from './ReceiptReturnsList';
import { ReceiptCreditNoteBadge, ReceiptInvoiceBadge } from './ReceiptInvoiceBadge';
import { ReceiptStateBadge } from './ReceiptStateBadge';
import { ReceiptTaxTotals } from './ReceiptTaxTotals';
import { ReceiptAuthorizations } from '../../supervisors';

// Loaded when a payment's cancel button is first used, not with every credit receipt's card.
const CancelPaymentModal = lazyDialog(() => import('./CancelPaymentModal').then((m) => m.CancelPaymentModal));

const t = es.receipts.card;

/**
 * A receipt: number, state, date, client link, payment mode,
 * seller, items with the taxes their total includes, credit payments, total and balance, and the action
 * menu (printing for every role).
 * Used by the receipt list, the receipt page and the client detail page.
 */
export const ReceiptCard = memo(function ReceiptCard({
  receipt,
  clientName: knownName,
  paymentsOpen = false,
}: {
  receipt: Receipt;
  /** The client's name when the caller already resolved it (the list's clients fallback). */
  clientName?: string;
  /** Start with the payments list unfolded (the receipt page). */
  paymentsOpen?: boolean;
}) {
  const { role } = useAuth();
  const canAct = meetsRequirement(role, PROTECTED_ACTIONS);
  const clientName = knownName ?? receiptClientName(receipt);
  const totalCents = pesosToCents(receipt.total);
  const balanceCents = pesosToCents(receipt.balance);
  // A cancelled receipt owes nothing: its stock and the money paid went back (the refund).
  const cancelled = receipt.state === 'Cancelled';
  const refunded = cancelled ? refundedCents(receipt) : 0;
  // A cash sale paid other than in Efectivo says how (its sale payment's method).
  const saleMethod =
    receipt.paymentMode === 'Cash' ? receipt.payments.find((p) => p.reason === 'ADD')?.method : undefined;
  const cashMethod = saleMethod && saleMethod !== 'Efectivo' ? saleMethod : null;

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={t.number(receipt.id)}
      data-testid="receipt-card"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Anchor
            component={Link}
            to={`/receipts/${receipt.id}`}
            fw={700}
            size="lg"
            aria-label={`${t.open} #${receipt.id}`}
          >
            {t.number(receipt.id)}
          </Anchor>
          <ReceiptStateBadge state={receipt.state} />
          {receipt.invoice ? <ReceiptInvoiceBadge invoice={receipt.invoice} /> : null}
          {receipt.creditNotes?.map((creditNote) => (
            <ReceiptCreditNoteBadge key={creditNote.id} creditNote={creditNote} />
          ))}
        </Group>
        <ReceiptActionMenu receipt={receipt} />
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4} mt="sm">
        <Field label={t.date}>{formatDateTime(receipt.date)}</Field>
        <Field label={t.client}>
          {receipt.clientId !== null ? (
            <Anchor component={Link} to={`/clients/${receipt.clientId}`} size="sm">
              {clientName}
            </Anchor>
          ) : (
            clientName
          )}
        </Field>
        <Field label={t.paymentMode}>
          <Badge variant="outline" color={receipt.paymentMode === 'Credit' ? 'grape' : 'teal'} size="sm">
            {PAYMENT_MODE_LABELS[receipt.paymentMode]}
          </Badge>
          {cashMethod ? (
            <Badge variant="light" color="gray" size="sm" ml={4} data-testid="receipt-method">
              {es.paymentMethod.names[cashMethod]}
            </Badge>
          ) : null}
        </Field>
        <Field label={t.seller}>{receipt.user.name}</Field>
      </SimpleGrid>
      <Box mt={4}>
        <ReceiptAuthorizations receipt={receipt} />
      </Box>

      <Box mt="sm" style={{ overflowX: 'auto' }}>
        <Table striped={false} stickyHeader={false} verticalSpacing={4} horizontalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.columns.product}</Table.Th>
              <Table.Th ta="right">{t.columns.quantity}</Table.Th>
              <Table.Th ta="right">{t.columns.price}</Table.Th>
              <Table.Th ta="right">{t.columns.total}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {receipt.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{item.product.name}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatQuantity(item.quantity, item.product.units)}
                </Table.Td>
                <Table.Td ta="right">{formatPayment(pesosToCents(item.price))}</Table.Td>
                <Table.Td ta="right">{formatTotal(pesosToCents(item.total))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <ReceiptTaxTotals receipt={receipt} />

      <ReceiptReturnsList receipt={receipt} />

      {receipt.paymentMode === 'Credit' ? (
        <PaymentsList
          receipt={receipt}
          canCancel={canAct && receipt.state !== 'Cancelled'}
          initiallyOpen={paymentsOpen}
        />
      ) : null}

      <Group justify="flex-end" gap="xl" mt="sm">
        <Amount label={t.total} testId="receipt-total">
          {formatTotal(totalCents)}
        </Amount>
        {receipt.returned > 0 ? (
          <>
            <Amount label={es.returns.card.returned} testId="receipt-returned">
              −{formatPayment(pesosToCents(receipt.returned))}
            </Amount>
            <Amount label={es.returns.card.netTotal} testId="receipt-net-total">
              {formatPayment(pesosToCents(receipt.netTotal))}
            </Amount>
          </>
        ) : null}
        {refunded > 0 ? (
          <Amount label={t.refunded} testId="receipt-refund">
            {formatPayment(refunded)}
          </Amount>
        ) : null}
        <Amount label={t.balance} testId="receipt-balance" owed={!cancelled && balanceCents > 0}>
          {cancelled ? '—' : formatPayment(balanceCents)}
        </Amount>
      </Group>
    </Card>
  );
});

/** One figure under the items: a small label over the amount, red while it is owed. */
function Amount({
  label,
  testId,
  owed = false,
  children,
}: {
  label: string;
  testId: string;
  owed?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} c={owed ? 'red' : undefined} data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {label}:
      </Text>
      <Text size="sm" component="div" truncate>
        {children}
      </Text>
    </Group>
  );
}

function PaymentsList({
  receipt,
  canCancel,
  initiallyOpen,
}: {
  receipt: Receipt;
  canCancel: boolean;
  initiallyOpen: boolean;
}) {
  const [opened, { toggle }] = useDisclosure(initiallyOpen);
  // The rows (a tooltip each) are drawn from the first unfolding on: folded, a list's cards commit
  // without them, and the cards are the list's first long task on a phone.
  const [unfolded, setUnfolded] = useState(initiallyOpen);
  if (opened && !unfolded) setUnfolded(true);
  const [cancelling, setCancelling] = useState<{ payment: Payment; opened: boolean } | null>(null);
  const Chevron = opened ? IconChevronDown : IconChevronRight;

  return (
    <>
      <UnstyledButton onClick={toggle} mt="sm" aria-expanded={opened}>
        <Group gap={4}>
          <Chevron size={16} />
          <Text size="sm" fw={600}>
            {t.payments(receipt.payments.length)}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened}>
        {!unfolded ? null : receipt.payments.length === 0 ? (
          <Text size="sm" c="dimmed" mt={4}>
            {t.noPayments}
          </Text>
        ) : (
          <Table striped={false} stickyHeader={false} verticalSpacing={2} fz="sm" mt={4}>
            <Table.Tbody>
              {receipt.payments.map((payment) => {
                const struck = payment.isEnabled ? undefined : { textDecoration: 'line-through' as const };
                return (
                  <Table.Tr key={payment.id} data-testid="payment-row" data-enabled={payment.isEnabled}>
                    <Table.Td style={struck} c={payment.isEnabled ? undefined : 'dimmed'}>
                      {formatDateTime(payment.createdAt)}
                    </Table.Td>
                    <Table.Td style={struck} c={payment.isEnabled ? undefined : 'dimmed'}>
                      {payment.note ?? ''}
                    </Table.Td>
                    <Table.Td
                      style={struck}
                      c={payment.isEnabled ? undefined : 'dimmed'}
                      data-testid="payment-row-method"
                    >
                      {es.paymentMethod.names[payment.method]}
                    </Table.Td>
                    <Table.Td ta="right" style={struck} c={payment.isEnabled ? undefined : 'dimmed'}>
                      {payment.reason === 'REMOVE' ? '−' : ''}
                      {formatPayment(pesosToCents(payment.amount))}
                    </Table.Td>
                    <Table.Td w={40}>
                      {!payment.isEnabled ? (
                        <Badge size="xs" color="gray" variant="light">
                          {t.paymentCancelled}
                        </Badge>
                      ) : canCancel ? (
                        <Tooltip label={t.cancelPayment}>
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            color="red"
                            aria-label={`${t.cancelPayment} ${formatPayment(pesosToCents(payment.amount))}`}
                            onClick={() => setCancelling({ payment, opened: true })}
                          >
                            <IconX size={14} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Collapse>
      {cancelling ? (
        <CancelPaymentModal
          receipt={receipt}
          payment={cancelling.payment}
          opened={cancelling.opened}
          onClose={() => setCancelling((c) => (c ? { ...c, opened: false } : c))}
        />
      ) : null}
    </>
  );
}
