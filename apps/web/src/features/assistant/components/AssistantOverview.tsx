import { Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '../../../components/ErrorState';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import type { SessionStatus } from '../realtime/useRealtimeSession';
import { SessionStatusBadge } from './SessionStatusBadge';

const t = es.assistant;

function CatalogCount({
  query,
  label,
  errorTitle,
}: {
  query: UseQueryResult<unknown[]>;
  label: (n: number) => string;
  errorTitle: string;
}) {
  if (query.isPending) return <Skeleton height={24} width={160} data-testid="assistant-catalog-skeleton" />;
  if (query.isError) {
    return <ErrorState title={errorTitle} detail={getErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  return (
    <Text fw={600} size="lg">
      {label(query.data.length)}
    </Text>
  );
}

/** The assistant screen's body: how it works, what it knows, and the session's status. */
export function AssistantOverview({
  products,
  clients,
  status,
}: {
  products: UseQueryResult<unknown[]>;
  clients: UseQueryResult<unknown[]>;
  status: SessionStatus;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="sm">
          {t.howTo.title}
        </Title>
        <List type="ordered" spacing="xs">
          {t.howTo.steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t.catalog.title}
            </Title>
            <SessionStatusBadge status={status} />
          </Group>
          <Text size="sm" c="dimmed">
            {t.catalog.hint}
          </Text>
          <CatalogCount query={products} label={t.catalog.products} errorTitle={t.catalog.productsError} />
          <CatalogCount query={clients} label={t.catalog.clients} errorTitle={t.catalog.clientsError} />
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
