import { Button, Center, Pagination, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { type ClientNames, type Receipt, receiptClientName } from '@mostrador/shared';
import { IconAlertTriangle, IconPlus, IconReceiptOff } from '@tabler/icons-react';
import { startTransition, useEffect, useState } from 'react';
import { es } from '../../../i18n/es';
import { ReceiptCard } from './ReceiptCard';
import classes from './ReceiptList.module.css';

const t = es.receipts;

/** Receipts per page: thousands of receipts stay responsive because only one page is drawn. */
export const RECEIPTS_PER_PAGE = 12;

/**
 * Cards drawn with the list's first render; the rest of the page follows in transitions, which
 * React splits into short tasks, so a slow phone paints the first cards without one long task.
 * Each transition adds this many cards: its commit (the cards' DOM) is one task that React cannot
 * split, and eight cards at once made it a long one on a phone.
 */
export const FIRST_CARDS = 4;

export function ReceiptList({
  receipts,
  clientNames,
  page,
  onPageChange,
}: {
  receipts: Receipt[];
  clientNames: ClientNames;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(receipts.length / RECEIPTS_PER_PAGE));
  const current = Math.min(page, pages);
  const [drawn, setDrawn] = useState(FIRST_CARDS);
  useEffect(() => {
    if (drawn >= RECEIPTS_PER_PAGE) return;
    const frame = requestAnimationFrame(() => startTransition(() => setDrawn((n) => n + FIRST_CARDS)));
    return () => cancelAnimationFrame(frame);
  }, [drawn]);
  const pageReceipts = receipts.slice((current - 1) * RECEIPTS_PER_PAGE, current * RECEIPTS_PER_PAGE);
  const shown = pageReceipts.slice(0, drawn);
  const change = (next: number) => {
    onPageChange(next);
    window.scrollTo({ top: 0 });
  };
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" data-testid="receipt-list" className={classes.cards}>
        {shown.map((receipt) => (
          <ReceiptCard key={receipt.id} receipt={receipt} clientName={receiptClientName(receipt, clientNames)} />
        ))}
      </SimpleGrid>
      {pages > 1 ? (
        <Center>
          <Pagination total={pages} value={current} onChange={change} aria-label={t.pageLabel} siblings={1} />
        </Center>
      ) : null}
    </Stack>
  );
}

/** Six skeleton rows while loading. */
export function ReceiptListSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" aria-busy="true">
      {Array.from({ length: 6 }, (_, i) => (
        <Paper key={i} withBorder radius="md" p="md" data-testid="receipt-skeleton">
          <Skeleton height={20} width="45%" mb="sm" />
          <Skeleton height={12} mb={6} />
          <Skeleton height={12} width="80%" mb="md" />
          <Skeleton height={56} />
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function ReceiptListError({ onRetry }: { onRetry: () => void }) {
  return (
    <Paper withBorder radius="md" p="xl" role="alert">
      <Stack align="center" gap="xs">
        <IconAlertTriangle size={40} color="var(--mantine-color-red-6)" />
        <Text fw={600}>{t.loadError}</Text>
        <Text c="dimmed" size="sm">
          {t.loadErrorHint}
        </Text>
        <Button mt="xs" color="red" variant="light" onClick={onRetry}>
          {t.retry}
        </Button>
      </Stack>
    </Paper>
  );
}

export function ReceiptListEmpty({ onCreate }: { onCreate: () => void }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <IconReceiptOff size={40} color="var(--mantine-color-dimmed)" />
        <Text fw={600}>{t.empty}</Text>
        <Text c="dimmed" size="sm">
          {t.emptyHint}
        </Text>
        <Button mt="xs" leftSection={<IconPlus size={16} />} onClick={onCreate}>
          {t.createReceipt}
        </Button>
      </Stack>
    </Paper>
  );
}
