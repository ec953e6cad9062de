import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatPayment, pesosToCents } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { useClientCredit } from '../api/credit';

const t = es.clients.credit;
const money = (pesos: number) => formatPayment(pesosToCents(pesos));

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={color}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * A client's saldo, vencido and available credit, read fresh from the server: shown when a sale
 * picks the client (the receipt form, the counter screen). A Seller's answer carries only the
 * available credit and the plazo (canSeeCreditFigures), and only those show.
 */
export function ClientCreditSummary({ clientId }: { clientId: number }) {
  const credit = useClientCredit(clientId);
  if (credit.isPending) return <Skeleton height={40} data-testid="client-credit-loading" />;
  if (credit.isError) {
    return (
      <Text size="sm" c="red">
        {t.loadError}
      </Text>
    );
  }
  const { balance, overdue, available, creditLimit, creditDays } = credit.data;
  const terms = [
    creditLimit === undefined ? null : creditLimit === null ? t.noLimit : t.limit(money(creditLimit)),
    t.days(creditDays),
  ];
  return (
    <Group gap="xl" wrap="wrap" role="group" aria-label={t.summaryLabel} data-testid="client-credit-summary">
      {balance === undefined ? null : <Figure label={t.balance} value={money(balance)} />}
      {overdue === undefined ? null : (
        <Figure label={t.overdue} value={money(overdue)} color={overdue > 0 ? 'red' : undefined} />
      )}
      <Figure
        label={t.available}
        value={available === null ? t.noLimit : money(available)}
        color={available === 0 ? 'red' : undefined}
      />
      <Text size="xs" c="dimmed">
        {terms.filter(Boolean).join(' · ')}
      </Text>
    </Group>
  );
}
