import { Badge, Button, CloseButton, Group, Loader, Text } from '@mantine/core';
import {
  activeReceiptFilters,
  dayjs,
  PAYMENT_MODE_LABELS,
  RECEIPT_STATE_LABELS,
  type ReceiptFilter,
} from '@mostrador/shared';
import { es } from '../../../i18n/es';
import type { ActiveReceiptFilter } from '../filter-params';

const t = es.receipts.filters;

const day = (ymd: string | null) => (ymd ? dayjs(ymd).format('DD/MM/YYYY') : '…');

/** The badges of the filters in use, their count, the result count and 'Limpiar filtros'. */
export function ActiveFilters({
  filter,
  today,
  resultCount,
  loadingMore,
  onClear,
  onClearAll,
}: {
  filter: ReceiptFilter;
  today: string;
  /** Null while the list has not loaded. */
  resultCount: number | null;
  /** Receipts still arriving: the count so far. */
  loadingMore: boolean;
  onClear: (key: ActiveReceiptFilter) => void;
  onClearAll: () => void;
}) {
  const active = activeReceiptFilters(filter, today);
  const labels: Record<(typeof active)[number], string> = {
    search: t.badgeSearch(filter.search.trim()),
    paymentMode: t.badgeMode(filter.paymentMode ? PAYMENT_MODE_LABELS[filter.paymentMode] : ''),
    state: t.badgeState(filter.state ? RECEIPT_STATE_LABELS[filter.state] : ''),
    dates: t.badgeDates(
      filter.fromDate === filter.toDate ? day(filter.fromDate) : `${day(filter.fromDate)} – ${day(filter.toDate)}`,
    ),
    includePending: t.badgeNoPending,
  };

  return (
    <Group justify="space-between" mb="sm" gap="xs" wrap="wrap">
      <Group gap="xs" wrap="wrap">
        {active.length > 0 ? (
          <>
            <Badge variant="filled" data-testid="active-filter-count">
              {t.active(active.length)}
            </Badge>
            {active.map((key) => (
              <Badge
                key={key}
                variant="light"
                data-testid="active-filter"
                rightSection={
                  <CloseButton
                    size="xs"
                    variant="transparent"
                    aria-label={t.remove(labels[key])}
                    onClick={() => onClear(key)}
                  />
                }
              >
                {labels[key]}
              </Badge>
            ))}
            <Button variant="subtle" size="compact-sm" onClick={onClearAll}>
              {t.clearAll}
            </Button>
          </>
        ) : null}
      </Group>
      <Group gap="xs">
        {resultCount === null ? null : (
          <>
            {loadingMore ? <Loader size="xs" /> : null}
            <Text size="sm" c="dimmed" data-testid="result-count" role="status">
              {loadingMore ? es.receipts.loadingMore(resultCount) : es.receipts.resultCount(resultCount)}
            </Text>
          </>
        )}
      </Group>
    </Group>
  );
}
