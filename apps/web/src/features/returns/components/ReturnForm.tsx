import { Alert, Box, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  DEFAULT_PAYMENT_METHOD,
  formatPayment,
  formatQuantity,
  fromMilli,
  type PaymentMethod,
  pesosToCents,
  type Receipt,
  type ReturnReceiptInput,
  returnNeedsSupervisor,
  SUPERVISOR_REQUIRED_MESSAGE,
  type SupervisorCredentials,
} from '@mostrador/shared';
import { useMemo, useState } from 'react';
import { PaymentMethodControl } from '../../../components/PaymentMethodControl';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useAttempt } from '../../../lib/use-attempt';
import { useAuth } from '../../auth';
import { SupervisorModal, useSupervisorStep } from '../../supervisors';
import { useReturnReceipt } from '../api/return-receipt';
import { returnFormLines, returnPreview } from '../return-form';

const t = es.returns;

/**
 * The return of a receipt: per line what was sold, returned before and still returnable, the
 * quantity to return, the reason and how the money goes back; the refund shown before confirming.
 */
export function ReturnForm({ receipt, onDone }: { receipt: Receipt; onDone: () => void }) {
  const lines = useMemo(() => returnFormLines(receipt), [receipt]);
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const [notice, setNotice] = useState<string | null>(null);
  const preview = returnPreview(receipt, lines, typed);
  const { role } = useAuth();
  // Now, as of the form's opening.
  const [openedAt] = useState(() => Date.now());
  // What the screen knows of the rule: a Seller's return of another day's receipt always needs a
  // supervisor (the amount's limit is the server's to apply).
  const needsSupervisor =
    role !== null &&
    returnNeedsSupervisor({
      role,
      receiptDate: Date.parse(receipt.date),
      now: openedAt,
      returnCents: 0,
      sellerLimitCents: 0,
    });
  const mutation = useReturnReceipt();
  const supervisorStep = useSupervisorStep();
  // A lost answer: pressed again unchanged, the same request goes under the same key (counted once).
  const attempt = useAttempt<ReturnReceiptInput>();

  if (receipt.state === 'Cancelled') return <Alert color="red">{t.cancelled}</Alert>;
  if (lines.every((line) => line.returnableMilli === 0)) return <Alert color="yellow">{t.nothingLeft}</Alert>;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const trimmed = reason.trim();
    setReasonError(trimmed === '' ? t.reasonRequired : null);
    if (Object.keys(preview.errors).length > 0) return;
    if (preview.items.length === 0) {
      setNotice(t.nothing);
      return;
    }
    if (trimmed === '') return;
    setNotice(null);
    send({ receiptId: receipt.id, items: preview.items, method, reason: trimmed });
  };

  // Beyond what the cashier may return alone, a supervisor authorises on this screen and the same
  // return goes again with their credentials (a new request: the refused one claimed nothing).
  const send = (base: ReturnReceiptInput, supervisor?: SupervisorCredentials) => {
    const body: ReturnReceiptInput = supervisor ? { ...base, supervisor } : base;
    const request = attempt.request(body, () => body);
    mutation.mutate(request, {
      onSuccess: (answer) => {
        attempt.settle(request);
        supervisorStep.close();
        notifySuccess(
          t.done(formatPayment(pesosToCents(answer.return.amount)), formatPayment(pesosToCents(answer.return.refund))),
        );
        onDone();
      },
      onError: (error) => {
        const outcome = attempt.settle(request, error);
        if (outcome === 'unanswered') {
          supervisorStep.close();
          notifyWarning(t.lostAnswer);
        } else if (!supervisorStep.handle(error, (credentials) => send(base, credentials))) {
          notifyFailure(t.failed, error);
        }
      },
    });
  };

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {/* On a phone the table scrolls sideways inside the dialog, not the page. */}
          <Box style={{ overflowX: 'auto' }}>
            <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" miw={480}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.columns.product}</Table.Th>
                  <Table.Th ta="right">{t.columns.sold}</Table.Th>
                  <Table.Th ta="right">{t.columns.returned}</Table.Th>
                  <Table.Th ta="right">{t.columns.returnable}</Table.Th>
                  <Table.Th ta="right">{t.columns.quantity}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, index) => (
                  <Table.Tr key={line.itemId} data-testid="return-line">
                    <Table.Td>{line.name}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(fromMilli(line.soldMilli), line.units)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(fromMilli(line.returnedMilli), line.units)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(fromMilli(line.returnableMilli), line.units)}</Table.Td>
                    <Table.Td w={130}>
                      <TextInput
                        size="xs"
                        inputMode="decimal"
                        aria-label={t.quantityLabel(line.name)}
                        disabled={line.returnableMilli === 0}
                        data-autofocus={index === 0 ? true : undefined}
                        value={typed[line.itemId] ?? ''}
                        error={preview.errors[line.itemId]}
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          setTyped((current) => ({ ...current, [line.itemId]: value }));
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <TextInput
            label={t.reason}
            placeholder={t.reasonPlaceholder}
            withAsterisk
            maxLength={500}
            value={reason}
            error={reasonError}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <PaymentMethodControl value={method} onChange={setMethod} label={t.method} />
          <Group justify="space-between">
            <Text c="dimmed">{t.amount}</Text>
            <Text fw={700} data-testid="return-amount">
              {formatPayment(preview.amountCents)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">{t.refund}</Text>
            <Text fw={700} data-testid="return-refund">
              {formatPayment(preview.refundCents)}
            </Text>
          </Group>
          {receipt.balance > 0 ? (
            <Text size="sm" c="dimmed">
              {t.balanceFirst}
            </Text>
          ) : null}
          {needsSupervisor ? (
            <Alert color="yellow" data-testid="return-needs-supervisor">
              {SUPERVISOR_REQUIRED_MESSAGE}
            </Alert>
          ) : null}
          {notice ? (
            <Alert color="yellow" role="alert">
              {notice}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              {es.common.cancel}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Beside the form, not in it: Enter in the supervisor's dialog submits that dialog only. */}
      <SupervisorModal {...supervisorStep.modal} />
    </>
  );
}
