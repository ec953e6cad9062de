import { Alert, Button, Kbd, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import {
  businessDayBounds,
  clientNamesOf,
  countReceiptsByState,
  filterReceipts,
  formatLongDate,
  meetsRequirement,
  PROTECTED_ACTIONS,
  type ReceiptFilter,
  receiptListParams,
} from '@mostrador/shared';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { memo, type RefObject, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { clientsQuery } from '../../features/clients/api/clients';
import { useReceiptList } from '../../features/receipts/api/list-receipts';
import { ActiveFilters } from '../../features/receipts/components/ActiveFilters';
import { ReceiptFilters } from '../../features/receipts/components/ReceiptFilters';
import { ReceiptNumberSearch } from '../../features/receipts/components/ReceiptNumberSearch';
import {
  ReceiptList,
  ReceiptListEmpty,
  ReceiptListError,
  ReceiptListSkeleton,
} from '../../features/receipts/components/ReceiptList';
import { ReceiptTiles } from '../../features/receipts/components/ReceiptTiles';
import { useCreateReceiptModal } from '../../features/receipts/components/useCreateReceiptModal';
import { useReceiptFilters } from '../../features/receipts/components/useReceiptFilters';
import { useAuth } from '../../features/auth';
import { ExportButton } from '../../features/spreadsheets';
import { es } from '../../i18n/es';
import { notifyFailure } from '../../lib/notify';

const t = es.receipts;

/** Focuses an input as soon as it can take focus (the folded panel needs a frame or two to open). */
function focusWhenShown(ref: RefObject<HTMLInputElement | null>, framesLeft = 30) {
  const input = ref.current;
  input?.focus();
  if (framesLeft > 0 && (!input || document.activeElement !== input)) {
    requestAnimationFrame(() => focusWhenShown(ref, framesLeft - 1));
  }
}

/**
 * The title and the page's actions, drawn once: the pages of receipts that keep arriving after the
 * first re-render the list and its counts, not this (nor the shortcuts line below the list).
 */
const ReceiptsHeader = memo(function ReceiptsHeader({
  today,
  canExport,
  onResetDates,
  onCreate,
}: {
  today: string;
  canExport: boolean;
  onResetDates: () => void;
  onCreate: () => void;
}) {
  return (
    <PageHeader
      title={t.title}
      subtitle={<span data-testid="receipts-today">{formatLongDate(businessDayBounds(today).start)}</span>}
      actions={
        <>
          {canExport ? <ExportButton datasets={['receipts', 'payments']} /> : null}
          <ReceiptNumberSearch />
          <Button variant="default" leftSection={<IconCalendarEvent size={18} />} onClick={onResetDates}>
            {t.today}
          </Button>
          <Button leftSection={<IconPlus size={18} />} onClick={onCreate} title={t.shortcutsHint}>
            {t.newReceipt}
          </Button>
        </>
      }
    />
  );
});

const shortcutsLine = (
  <Text size="xs" c="dimmed" mt="lg" visibleFrom="sm">
    <Kbd size="xs">Ctrl/⌘</Kbd> + <Kbd size="xs">K</Kbd> {t.newReceipt} · <Kbd size="xs">Ctrl/⌘</Kbd> +{' '}
    <Kbd size="xs">F</Kbd> {t.filters.searchLabel}
  </Text>
);

export default function ReceiptsPage() {
  const { today, filter, dateMode, page, setPage, change, changeDateMode, resetDates, clearAll, clearOne } =
    useReceiptFilters();
  const [panelOpen, setPanelOpen] = useState(true);
  const searchRef = useRef<HTMLInputElement>(null);
  const create = useCreateReceiptModal();

  const { query, receipts, isLoadingMore, scope } = useReceiptList(receiptListParams(filter));
  // A page of receipts arriving is a synchronous update (the query cache is an external store):
  // the list, its counts and tiles follow in a transition, which React renders in short slices.
  const { isPending, isError, isFetchNextPageError } = query;
  const arrived = useMemo(
    () => ({ receipts, isPending, isError, isLoadingMore, isFetchNextPageError }),
    [receipts, isPending, isError, isLoadingMore, isFetchNextPageError],
  );
  const shown = useDeferredValue(arrived);
  // Every receipt of the list embeds its client's name; the clients list (large for a shop with
  // thousands of clients; docs/benchmarks.md) is only the search's fallback for a receipt without
  // it, so it loads once the search is used.
  const searching = filter.search.trim() !== '';
  const clients = useQuery({ ...clientsQuery, enabled: searching });
  const { role } = useAuth();
  const clientNames = useMemo(() => clientNamesOf(clients.data ?? []), [clients.data]);

  // Typing stays smooth over thousands of receipts: the list catches up a frame later.
  const shownFilter = useDeferredValue(filter);
  const filtered = useMemo(
    () => filterReceipts(shown.receipts, shownFilter, clientNames),
    [shown.receipts, shownFilter, clientNames],
  );
  const counts = useMemo(() => countReceiptsByState(filtered), [filtered]);
  const loaded = !shown.isPending && !(shown.isError && shown.receipts.length === 0);

  const togglePanel = useCallback(() => setPanelOpen((open) => !open), []);
  const openCreate = create.openIfClosed;
  const selectState = useCallback((state: ReceiptFilter['state']) => change({ state }), [change]);

  useHotkeys(
    [
      ['mod+K', openCreate],
      [
        'mod+F',
        () => {
          setPanelOpen(true);
          focusWhenShown(searchRef);
        },
      ],
    ],
    [],
  );

  // A failed load: 'Error al cargar remisiones' as a toast, with the retry screen below.
  const { errorUpdatedAt, error } = query;
  useEffect(() => {
    if (isError) notifyFailure(t.loadErrorToast, error);
  }, [isError, errorUpdatedAt, error]);

  let body;
  if (shown.isPending) body = <ReceiptListSkeleton />;
  else if (shown.isError && shown.receipts.length === 0) {
    body = <ReceiptListError onRetry={() => void query.refetch()} />;
  } else if (filtered.length === 0 && !shown.isLoadingMore) body = <ReceiptListEmpty onCreate={openCreate} />;
  else {
    body = <ReceiptList receipts={filtered} clientNames={clientNames} page={page} onPageChange={setPage} />;
  }

  return (
    <>
      <ReceiptsHeader
        today={today}
        canExport={meetsRequirement(role, PROTECTED_ACTIONS)}
        onResetDates={resetDates}
        onCreate={openCreate}
      />
      <ReceiptTiles counts={loaded ? counts : null} selected={filter.state} onSelect={selectState} />
      <ReceiptFilters
        filter={filter}
        onChange={change}
        dateMode={dateMode}
        onDateModeChange={changeDateMode}
        opened={panelOpen}
        onToggle={togglePanel}
        searchRef={searchRef}
      />
      <ActiveFilters
        filter={filter}
        today={today}
        resultCount={loaded ? filtered.length : null}
        loadingMore={shown.isLoadingMore}
        onClear={clearOne}
        onClearAll={clearAll}
      />
      {scope === 'own-and-today' ? (
        <Text size="sm" c="dimmed" mb="sm" data-testid="receipts-scope">
          {t.scopeOwnAndToday}
        </Text>
      ) : null}
      {shown.isFetchNextPageError ? (
        <Alert color="red" mb="sm" title={t.loadErrorToast}>
          <Text size="sm">{t.loadErrorHint}</Text>
          <Button size="xs" mt="xs" color="red" variant="light" onClick={() => void query.fetchNextPage()}>
            {t.retry}
          </Button>
        </Alert>
      ) : null}
      {body}
      {shortcutsLine}
      {create.modal}
    </>
  );
}
