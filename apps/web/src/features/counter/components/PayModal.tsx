import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { DEFAULT_PAYMENT_METHOD, formatPayment, type PaymentMethod, type PaymentMode } from '@mostrador/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { PaymentMethodControl } from '../../../components/PaymentMethodControl';
import { es } from '../../../i18n/es';
import { changeCents, numberValue, QUICK_BILLS } from '../counter-sale';
import classes from './Counter.module.css';
import { useTypedAheadNumber } from './useTypedAheadNumber';

const t = es.counter.pay;

/**
 * What the pay dialog hands back: the amount received in cash (pesos), null on credit or when
 * paid by card or transfer (the exact total), and how a cash sale was paid.
 */
export interface Payment {
  receivedPesos: number | null;
  method: PaymentMethod;
}

/**
 * 'Cobrar' (F12). Cash: 'Forma de pago' (Efectivo unless chosen); in Efectivo 'Recibido' typed or
 * picked ($50 … $500, 'Exacto'), 'Cambio' live; left empty it means exact, so F12 then Enter
 * sells. Tarjeta or Transferencia: the exact total. Credit: the total and the client. Enter confirms.
 * Mounted afresh for every opening, so 'Recibido' starts empty, or with the keys typed right after
 * F12, before it had the focus.
 */
export function PayModal({
  opened,
  totalCents,
  paymentMode,
  clientName,
  sending,
  waiting,
  missingPrice,
  error,
  lookupError,
  lostAnswer,
  initialMethod,
  typedAhead,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  totalCents: number;
  paymentMode: PaymentMode;
  clientName: string;
  sending: boolean;
  /** Scans still being looked up: their lines join the total before it can be confirmed. */
  waiting: boolean;
  /** Why the last scan added no line (not found, a fraction of a piece…); null when it did. */
  lookupError: string | null;
  /** A line the server would refuse for lack of a price: the sale cannot be sent. */
  missingPrice: string | null;
  /** The server's refusal of the last attempt. */
  error: string | null;
  /** The last press got no answer: the sale may be made; pressing again (Enter or F12) is safe. */
  lostAnswer: boolean;
  /** The method of a sale sent without an answer, so pressing again sends that same sale. */
  initialMethod?: PaymentMethod | undefined;
  /** Keys typed after F12 before 'Recibido' had the focus (an amount, typed fast). */
  typedAhead: string;
  onConfirm: (payment: Payment) => void;
  onClose: () => void;
}) {
  const receivedField = useTypedAheadNumber('', typedAhead, 2);
  const { value: received, setValue: setReceived } = receivedField;
  const [method, setMethod] = useState<PaymentMethod>(initialMethod ?? DEFAULT_PAYMENT_METHOD);
  const receivedInput = useRef<HTMLInputElement>(null);
  // A bill picked with the mouse leaves the focus in 'Recibido', so Enter then confirms.
  const pick = (pesos: number) => {
    setReceived(pesos);
    receivedInput.current?.focus();
  };
  // '500.50' arrives as a string from the field: still an amount, not "exact".
  const receivedPesos = numberValue(received);
  const cash = paymentMode === 'Cash';
  // Only Efectivo is handed over and given change; a card or a transfer is the exact total.
  const inCash = cash && method === 'Efectivo';
  const change = changeCents(receivedPesos ?? totalCents / 100, totalCents);
  const short = inCash && change < 0;
  const blocked = sending || short || totalCents === 0 || missingPrice !== null;

  // Confirmed while a scan is still being looked up (a quick cashier: scan, F12, Enter): the
  // confirmation waits for its line and then goes ahead, unless that scan added nothing.
  const confirmWhenLooked = useRef(false);
  const confirm = () => {
    if (waiting) {
      confirmWhenLooked.current = true;
      return;
    }
    if (blocked) return;
    onConfirm({ receivedPesos: inCash ? (receivedPesos ?? totalCents / 100) : null, method });
  };
  useEffect(() => {
    if (waiting || !confirmWhenLooked.current) return;
    confirmWhenLooked.current = false;
    if (lookupError === null) confirm();
    // Only the end of the lookups fires it, with this render's total, method and amount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting]);
  // After a lost answer F12 sends the sale again, as the message says, wherever the focus is (the
  // pressed button lost it while it was loading). Otherwise F12 here does nothing: pressing twice
  // the key that opened the dialog must not skip 'Recibido'.
  useHotkeys([['F12', () => (lostAnswer ? confirm() : undefined)]], []);
  // A quick cashier presses F12 then Enter at once. Until the dialog's focus trap has moved the
  // focus in, that Enter lands on the page behind (the code field) and would be lost: while the
  // dialog is open, an Enter outside every dialog confirms too, and goes no further.
  const confirmEarlyEnter = useEffectEvent((event: globalThis.KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.target instanceof Element) || event.target.closest('[role="dialog"]')) return;
    event.preventDefault();
    event.stopPropagation();
    confirm();
  });
  useEffect(() => {
    if (!opened) return undefined;
    window.addEventListener('keydown', confirmEarlyEnter, true);
    return () => window.removeEventListener('keydown', confirmEarlyEnter, true);
  }, [opened]);
  // Enter anywhere but on a button (a focused button clicks itself) confirms.
  const confirmOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.target instanceof HTMLButtonElement) return;
    event.preventDefault();
    confirm();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t.title} closeOnClickOutside={false}>
      <Stack gap="md" onKeyDown={confirmOnEnter}>
        <Group justify="space-between" align="baseline">
          <Text c="dimmed">{t.total}</Text>
          <Text className={classes.total} data-testid="pay-total">
            {formatPayment(totalCents)}
          </Text>
        </Group>
        {cash ? <PaymentMethodControl value={method} onChange={setMethod} /> : null}
        {inCash ? (
          <>
            <NumberInput
              label={t.received}
              prefix="$"
              size="lg"
              min={0}
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=","
              hideControls
              placeholder={formatPayment(totalCents)}
              value={received}
              onChange={setReceived}
              ref={receivedInput}
              data-autofocus
              {...receivedField.focusProps}
            />
            {/* Three to a row on a phone, so '$500' and 'Exacto' are read whole. */}
            <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs">
              {QUICK_BILLS.map((bill) => (
                <Button key={bill} variant="light" size="md" px={4} tabIndex={-1} onClick={() => pick(bill)}>
                  ${bill}
                </Button>
              ))}
              <Button
                variant="light"
                color="gray"
                size="md"
                px={4}
                tabIndex={-1}
                onClick={() => pick(totalCents / 100)}
              >
                {t.exact}
              </Button>
            </SimpleGrid>
            <Group justify="space-between" align="baseline">
              <Text c="dimmed">{t.change}</Text>
              <Text className={classes.total} c={short ? 'red' : 'teal'} data-testid="pay-change" aria-live="polite">
                {short ? t.missing(formatPayment(-change)) : formatPayment(change)}
              </Text>
            </Group>
          </>
        ) : cash ? null : (
          <Text>{t.credit(clientName)}</Text>
        )}
        {(missingPrice ?? error) ? (
          <Alert color="red" icon={<IconAlertTriangle />} role="alert">
            {missingPrice ?? error}
          </Alert>
        ) : lostAnswer ? (
          <Alert color="yellow" icon={<IconAlertTriangle />} role="alert" title={es.common.lostAnswerTitle}>
            {es.counter.lostAnswer}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.back}
          </Button>
          <Button
            onClick={confirm}
            loading={sending || waiting}
            disabled={blocked && !sending && !waiting}
            data-autofocus={inCash ? undefined : true}
          >
            {t.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
