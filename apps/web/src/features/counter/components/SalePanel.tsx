import { Button, Card, Group, Input, Kbd, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  type Client,
  clientFullName,
  formatPayment,
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES,
  type PaymentMode,
} from '@mostrador/shared';
import { IconCash, IconPrinter, IconReceipt2, IconRefresh } from '@tabler/icons-react';
import { es } from '../../../i18n/es';
import classes from './Counter.module.css';
import type { LastSale } from './useCheckout';

const t = es.counter;

export const clientLabel = (client: Client | null) =>
  client ? (clientFullName(client) ?? `#${client.id}`) : t.clientNone;

/** Total, client (F4), payment mode (F8) and 'Cobrar' (F12): what the seller looks at to charge. */
export function SaleSummary({
  totalCents,
  itemCount,
  client,
  paymentMode,
  canCharge,
  canStartOver,
  onPickClient,
  onPaymentMode,
  onCharge,
  onNewSale,
}: {
  totalCents: number;
  /** 'N artículos': pieces, plus one per weighed line. */
  itemCount: number;
  client: Client | null;
  paymentMode: PaymentMode;
  canCharge: boolean;
  /** Something to abandon: lines, a client or Crédito. */
  canStartOver: boolean;
  onPickClient: () => void;
  onPaymentMode: (mode: PaymentMode) => void;
  onCharge: () => void;
  onNewSale: () => void;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="nowrap">
          <Stack gap={0}>
            <Text c="dimmed" size="sm">
              {t.total}
            </Text>
            <Text size="xs" c="dimmed" data-testid="counter-articles">
              {t.items(itemCount)}
            </Text>
          </Stack>
          <Text className={classes.total} data-testid="counter-total">
            {formatPayment(totalCents)}
          </Text>
        </Group>
        <Input.Wrapper label={t.client}>
          <UnstyledButton onClick={onPickClient} tabIndex={-1} display="block" data-testid="counter-client">
            <Group justify="space-between" wrap="nowrap">
              <Text truncate>{clientLabel(client)}</Text>
              <Kbd size="xs" className={classes.keyHint}>
                F4
              </Kbd>
            </Group>
          </UnstyledButton>
        </Input.Wrapper>
        <Input.Wrapper label={t.paymentMode}>
          <SegmentedControl
            fullWidth
            data={PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] }))}
            value={paymentMode}
            onChange={(mode) => onPaymentMode(mode as PaymentMode)}
          />
        </Input.Wrapper>
        <Button
          size="lg"
          leftSection={<IconCash />}
          rightSection={<Kbd className={classes.keyHint}>F12</Kbd>}
          disabled={!canCharge}
          onClick={onCharge}
          tabIndex={-1}
        >
          {t.charge}
        </Button>
        {canStartOver ? (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconRefresh size={18} />}
            rightSection={<Kbd className={classes.keyHint}>Esc</Kbd>}
            onClick={onNewSale}
            tabIndex={-1}
          >
            {t.newSale}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The sale just made: ready for the next one, with its total and change still on show. */
export function LastSaleCard({ sale, onReprint }: { sale: LastSale; onReprint: () => void }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="last-sale" aria-label={t.lastSale}>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={600} size="sm">
          {t.lastSale} · {t.lastSaleText(sale.receipt.id)}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPrinter size={16} />}
          onClick={onReprint}
          tabIndex={-1}
          // The title wraps first: the button's label is never cut ('Reimprimi' at 1366 px with the menu open).
          style={{ flexShrink: 0 }}
        >
          {t.reprint}
        </Button>
      </Group>
      <Group grow>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t.lastTotal}
          </Text>
          <Text fw={700} data-testid="last-sale-total">
            {formatPayment(sale.totalCents)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t.lastChange}
          </Text>
          <Text fw={700} c="teal" data-testid="last-sale-change">
            {formatPayment(sale.changeCents)}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** 'Abonar' (F9): an abono to a client's account, taken at the till. */
export function AbonoButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      variant="light"
      leftSection={<IconReceipt2 size={18} />}
      rightSection={<Kbd className={classes.keyHint}>F9</Kbd>}
      onClick={onClick}
      tabIndex={-1}
    >
      {t.abono.open}
    </Button>
  );
}

/** The keyboard shortcuts, always on screen (hidden on a phone and on a touch screen, which have no such keys). */
export function ShortcutHints() {
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      visibleFrom="sm"
      className={classes.keyHint}
      aria-label={t.hints.title}
      component="section"
    >
      <Text size="xs" fw={600} c="dimmed" mb={4}>
        {t.hints.title}
      </Text>
      <div className={classes.hints}>
        {t.hints.keys.map(([key, text]) => (
          <Text key={key} size="xs" c="dimmed">
            <Kbd size="xs">{key}</Kbd> {text}
          </Text>
        ))}
      </div>
    </Card>
  );
}
