import { Alert, Button, Group, Loader, Modal, NumberInput, Stack, Text } from '@mantine/core';
import {
  type AddClientPaymentInput,
  type AddClientPaymentResponse,
  type Client,
  clientFullName,
  DEFAULT_PAYMENT_METHOD,
  formatPayment,
  type PaymentMethod,
  pesosToCents,
} from '@mostrador/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { PaymentMethodControl } from '../../../components/PaymentMethodControl';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { selectOnFocus } from '../../../lib/select-on-focus';
import { useAttempt } from '../../../lib/use-attempt';
import { useAddClientPayment, useClientCredit } from '../../clients';
import { printAbonoTicket } from '../../printing';
import { numberValue } from '../counter-sale';

const t = es.counter.abono;

/**
 * 'Abonar' (F9) once the client is picked: their saldo, the amount (Enter takes it), the method.
 * The abono goes to the oldest receipts first (client/addPayment), and its ticket prints as a
 * sale's does. Sent again after a lost answer, the same abono is the same request: it counts once.
 */
export function AbonoModal({
  client,
  onChangeClient,
  onDone,
  onClose,
}: {
  client: Client;
  onChangeClient: () => void;
  onDone: (result: AddClientPaymentResponse) => void;
  onClose: () => void;
}) {
  const credit = useClientCredit(client.id);
  const add = useAddClientPayment();
  const attempt = useAttempt<AddClientPaymentInput>();
  const [amount, setAmount] = useState<number | string>('');
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const [error, setError] = useState<string | null>(null);
  const [lost, setLost] = useState(false);
  const name = clientFullName(client) ?? `#${client.id}`;
  const balance = credit.data?.balance;
  const owes = balance !== undefined && balance > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pesos = numberValue(amount);
    if (add.isPending || !owes || pesos === null || pesos <= 0) return;
    const body = { clientId: client.id, amount: pesos, method };
    const request = attempt.request(body, () => body);
    setError(null);
    add.mutate(request, {
      onSuccess: (result) => {
        attempt.settle(request);
        const left = formatPayment(pesosToCents(result.credit.balance ?? 0));
        notifySuccess(t.done(formatPayment(pesosToCents(result.amount)), left));
        onDone(result);
        void printAbonoTicket(result.payments.map((p) => p.paymentId));
      },
      onError: (failure) => {
        if (attempt.settle(request, failure) === 'unanswered') {
          setLost(true);
          return;
        }
        setLost(false);
        setError(getErrorMessage(failure));
        notifyFailure(t.failed, failure);
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={t.title} closeOnClickOutside={false}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed">
                {t.client}
              </Text>
              <Text fw={600} truncate data-testid="abono-client">
                {name}
              </Text>
            </Stack>
            <Button variant="subtle" size="compact-sm" onClick={onChangeClient}>
              {t.change}
            </Button>
          </Group>
          <Group justify="space-between" align="baseline">
            <Text c="dimmed">{t.balance}</Text>
            {credit.isPending ? (
              <Loader size="sm" aria-label={t.loadingBalance} />
            ) : (
              <Text fw={800} size="xl" data-testid="abono-balance">
                {formatPayment(pesosToCents(balance ?? 0))}
              </Text>
            )}
          </Group>
          {credit.isSuccess && !owes ? <Text>{t.noBalance(name)}</Text> : null}
          {credit.isError ? (
            <Alert color="red" icon={<IconAlertTriangle />} role="alert">
              {getErrorMessage(credit.error)}
            </Alert>
          ) : null}
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <NumberInput
              label={t.amount}
              description={t.oldestFirst}
              size="lg"
              prefix="$"
              min={0}
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=","
              hideControls
              inputMode="decimal"
              style={{ flex: 1 }}
              value={amount}
              onChange={setAmount}
              data-autofocus
              {...selectOnFocus()}
            />
            <Button variant="default" size="lg" px="sm" disabled={!owes} onClick={() => setAmount(balance ?? 0)}>
              {t.payAll}
            </Button>
          </Group>
          <PaymentMethodControl value={method} onChange={setMethod} />
          {error ? (
            <Alert color="red" icon={<IconAlertTriangle />} role="alert">
              {error}
            </Alert>
          ) : lost ? (
            <Alert color="yellow" icon={<IconAlertTriangle />} role="alert" title={es.common.lostAnswerTitle}>
              {t.lostAnswer}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.back}
            </Button>
            <Button type="submit" loading={add.isPending} disabled={!owes || !((numberValue(amount) ?? 0) > 0)}>
              {t.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
