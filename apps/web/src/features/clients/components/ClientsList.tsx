import { Button, Center, Text } from '@mantine/core';
import type { Client } from '@mostrador/shared';
import { memo, useEffect, useRef } from 'react';
import { es } from '../../../i18n/es';
import { ClientCard, ClientCardSkeleton } from './ClientCard';
import classes from './ClientCard.module.css';
import type { ClientActions } from './useClientActions';

/** Cards rendered per step: a screenful or two; more come as the user scrolls. */
export const CLIENTS_PAGE_SIZE = 24;

/**
 * The matching clients, rendered `limit` at a time so that 5,000 clients cost as much as 24:
 * a sentinel below the last card asks for the next step when it nears the viewport.
 */
export const ClientsList = memo(function ClientsList({
  clients,
  limit,
  onShowMore,
  actions,
}: {
  clients: Client[];
  limit: number;
  onShowMore: () => void;
  actions: ClientActions | null;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const remaining = clients.length - limit;
  const hasMore = remaining > 0;

  // A fresh observer after every step reports at once whether the sentinel is still near the
  // viewport, so steps continue only until the screen is filled, then wait for scrolling.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onShowMore();
      },
      { rootMargin: '600px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [limit, hasMore, onShowMore]);

  if (clients.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        {es.clients.empty}
      </Text>
    );
  }

  return (
    <>
      <div className={classes.grid}>
        {clients.slice(0, limit).map((client) => (
          <ClientCard key={client.id} client={client} actions={actions} />
        ))}
      </div>
      {hasMore ? (
        <Center ref={sentinel} py="lg">
          <Button variant="subtle" onClick={onShowMore}>
            {es.clients.showMore(remaining)}
          </Button>
        </Center>
      ) : null}
    </>
  );
});

export function ClientsListSkeleton() {
  return (
    <div className={classes.grid}>
      {Array.from({ length: 6 }, (_, i) => (
        <ClientCardSkeleton key={i} />
      ))}
    </div>
  );
}
