import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { businessDayBounds, formatDateTime, formatLongDate } from '@mostrador/shared';
import { IconChevronLeft, IconChevronRight, IconDownload, IconReceipt } from '@tabler/icons-react';
import { useEffect } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePrintCutTicket } from '../api/cut-ticket';
import { useDownloadCutPdf } from '../api/download-cut-pdf';
import { useCuts } from '../api/list-cuts';
import { CutDocument } from './CutDocument';

const t = es.reports.cuts;

/**
 * The right column: one cut at a time, newest first. 'Anterior' goes to the older cut,
 * 'Siguiente' back to the newer one; older pages load as 'Anterior' reaches them.
 */
export function CutViewer({ index, onIndexChange }: { index: number; onIndexChange: (index: number) => void }) {
  const { query, cuts } = useCuts();
  const download = useDownloadCutPdf();
  const ticket = usePrintCutTicket();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const current = cuts[Math.min(index, Math.max(cuts.length - 1, 0))];
  const isOldestLoaded = index >= cuts.length - 1;

  // Fetch the next older page as soon as the oldest loaded cut is on screen.
  useEffect(() => {
    if (isOldestLoaded && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [isOldestLoaded, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <CutSkeleton />;
  if (query.isError && cuts.length === 0) {
    return (
      <ErrorState
        title={es.reports.loadError}
        detail={getErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!current) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed" ta="center">
          {t.empty}
        </Text>
      </Paper>
    );
  }

  const canGoOlder = index < cuts.length - 1;
  const canGoNewer = index > 0;

  return (
    <Paper withBorder radius="md" p="md" data-testid="cut-viewer">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Stack gap={2}>
          <Text fw={600} data-testid="cut-day">
            {t.day(formatLongDate(businessDayBounds(current.date).start))}
          </Text>
          <Text size="sm" c="dimmed" data-testid="cut-created">
            {t.generatedAt(formatDateTime(current.createdAt), current.id)}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="light"
            size="sm"
            leftSection={<IconReceipt size={16} />}
            loading={ticket.isPending}
            title={t.ticketHint}
            onClick={() =>
              ticket.mutate(current, {
                onSuccess: (where) => where === 'printer' && notifySuccess(t.ticketSent),
                onError: (error) => notifyFailure(t.ticketFailed, error),
              })
            }
          >
            {t.ticket}
          </Button>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconDownload size={16} />}
            loading={download.isPending}
            onClick={() => download.mutate(current, { onError: (error) => notifyFailure(t.downloadFailed, error) })}
          >
            {t.downloadPdf}
          </Button>
        </Group>
      </Group>
      <Group justify="space-between" mb="md">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconChevronLeft size={16} />}
          disabled={!canGoOlder}
          loading={!canGoOlder && isFetchingNextPage}
          title={t.previousHint}
          onClick={() => onIndexChange(index + 1)}
        >
          {t.previous}
        </Button>
        <Button
          variant="default"
          size="sm"
          rightSection={<IconChevronRight size={16} />}
          disabled={!canGoNewer}
          title={t.nextHint}
          onClick={() => onIndexChange(index - 1)}
        >
          {t.next}
        </Button>
      </Group>
      <CutDocument key={current.id} report={current} />
    </Paper>
  );
}

function CutSkeleton() {
  return (
    <Paper withBorder radius="md" p="md" data-testid="cut-skeleton">
      <Skeleton height={20} width="60%" />
      <Skeleton height={14} width="40%" mt={8} />
      {Array.from({ length: 4 }, (_, i) => (
        <Stack key={i} gap={6} mt="lg">
          <Skeleton height={18} width="35%" />
          <Skeleton height={60} />
        </Stack>
      ))}
    </Paper>
  );
}
