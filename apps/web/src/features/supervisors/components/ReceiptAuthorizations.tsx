import { Stack, Text } from '@mantine/core';
import { AUTHORIZATION_KIND_LABELS, type Receipt } from '@mostrador/shared';
import { IconShieldCheck } from '@tabler/icons-react';
import { es } from '../../../i18n/es';

/**
 * 'Autorizado por <nombre>' for each supervisor's authorisation of a receipt (over the credit
 * limit, below the price, its cancellation), with what it authorised. A receipt sold over the
 * limit before authorisations were stored one by one shows its overLimitAuthorizedBy.
 */
export function ReceiptAuthorizations({
  receipt,
}: {
  receipt: Pick<Receipt, 'authorizations' | 'overLimitAuthorizedBy'>;
}) {
  const lines = (receipt.authorizations ?? []).map((a) => ({ name: a.authorizedBy.name, kind: a.kind }));
  if (receipt.overLimitAuthorizedBy && !lines.some((line) => line.kind === 'OVER_LIMIT')) {
    lines.unshift({ name: receipt.overLimitAuthorizedBy.name, kind: 'OVER_LIMIT' });
  }
  if (lines.length === 0) return null;
  return (
    <Stack gap={2} data-testid="receipt-authorizations">
      {lines.map((line, i) => (
        <Text key={i} size="sm" c="dimmed">
          <IconShieldCheck size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} aria-hidden />
          {es.supervisors.authorizedBy(line.name)} ({AUTHORIZATION_KIND_LABELS[line.kind]})
        </Text>
      ))}
    </Stack>
  );
}
