import { Button, Stack, Text } from '@mantine/core';
import { ErrorState } from '../../../components/ErrorState';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { useInventoryLogs } from '../api/list-inventory-logs';
import { InventoryLogCard, InventoryLogCardSkeleton } from './InventoryLogCard';

const t = es.reports;

/** The left column: one card per inventory movement, newest first, more on demand. */
export function InventoryLogList() {
  const { query, logs } = useInventoryLogs();

  if (query.isPending) {
    return (
      <Stack gap="sm">
        {Array.from({ length: 6 }, (_, i) => (
          <InventoryLogCardSkeleton key={i} />
        ))}
      </Stack>
    );
  }
  if (query.isError && logs.length === 0) {
    return (
      <ErrorState title={t.loadError} detail={getErrorMessage(query.error)} onRetry={() => void query.refetch()} />
    );
  }
  if (logs.length === 0) {
    return <Text c="dimmed">{t.logs.empty}</Text>;
  }
  return (
    <Stack gap="sm">
      {logs.map((log) => (
        <InventoryLogCard key={log.id} log={log} />
      ))}
      {query.isError ? <ErrorState title={t.loadError} detail={getErrorMessage(query.error)} /> : null}
      {query.hasNextPage ? (
        <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t.logs.loadMore}
        </Button>
      ) : null}
    </Stack>
  );
}
