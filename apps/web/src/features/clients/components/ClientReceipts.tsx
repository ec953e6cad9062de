import { Button, Center, Stack, Text } from '@mantine/core';
import type { Receipt } from '@mostrador/shared';
import { type ReactNode, useState } from 'react';
import { es } from '../../../i18n/es';

/** Receipt cards shown per step: a client with years of history still opens at once. */
export const CLIENT_RECEIPTS_STEP = 20;

/**
 * A client's receipts, newest first (the server's order). The page supplies how one receipt is
 * drawn (the receipts feature's card), so this feature does not depend on that one.
 */
export function ClientReceipts({
  receipts,
  renderReceipt,
}: {
  receipts: Receipt[];
  renderReceipt: (receipt: Receipt) => ReactNode;
}) {
  const [shown, setShown] = useState(CLIENT_RECEIPTS_STEP);
  if (receipts.length === 0) {
    return <Text c="dimmed">{es.clients.detail.noReceipts}</Text>;
  }
  const remaining = receipts.length - shown;
  return (
    <Stack gap="sm">
      {receipts.slice(0, shown).map(renderReceipt)}
      {remaining > 0 ? (
        <Center>
          <Button variant="subtle" onClick={() => setShown((n) => n + CLIENT_RECEIPTS_STEP)}>
            {es.clients.showMore(remaining)}
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
