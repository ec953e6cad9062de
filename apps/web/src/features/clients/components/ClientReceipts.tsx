import { Button, Center, Stack, Text } from '@mantine/core';
import type { Receipt } from '@mostrador/shared';
import { type ReactNode, useState } from 'react';
import { es } from '../../../i18n/es';

/** Receipt cards shown per step: a client with years of history still opens at once. */
export const CLIENT_RECEIPTS_STEP = 20;

/** The server's pages of older receipts, when the client has more than the details brought. */
export interface OlderReceipts {
  /** Every receipt the client has. */
  total: number;
  /** More wait on the server. */
  hasMore: boolean;
  isLoading: boolean;
  /** Asks the server for the next page. */
  loadMore: () => void;
}

/**
 * A client's receipts, newest first (the server's order). The page supplies how one receipt is
 * drawn (the receipts feature's card), so this feature does not depend on that one. 'Mostrar más'
 * shows the next step of those already here and, when they run out, brings the next page from the
 * server: no receipt of a long history is left out.
 */
export function ClientReceipts({
  receipts,
  renderReceipt,
  older,
}: {
  receipts: Receipt[];
  renderReceipt: (receipt: Receipt) => ReactNode;
  older?: OlderReceipts;
}) {
  const [shown, setShown] = useState(CLIENT_RECEIPTS_STEP);
  if (receipts.length === 0) {
    return <Text c="dimmed">{es.clients.detail.noReceipts}</Text>;
  }
  const total = Math.max(older?.total ?? 0, receipts.length);
  const remaining = total - Math.min(shown, receipts.length);
  const showMore = () => {
    const next = shown + CLIENT_RECEIPTS_STEP;
    if (next > receipts.length && older?.hasMore) older.loadMore();
    setShown(next);
  };
  return (
    <Stack gap="sm">
      {receipts.slice(0, shown).map(renderReceipt)}
      {remaining > 0 && (shown < receipts.length || older?.hasMore) ? (
        <Center>
          <Button variant="subtle" onClick={showMore} loading={older?.isLoading && shown >= receipts.length}>
            {es.clients.showMore(remaining)}
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
