import { Alert, Anchor, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  canSeeCreditFigures,
  clientFullName,
  meetsRequirement,
  PAGE_ACCESS,
  PROTECTED_ACTIONS,
} from '@mostrador/shared';
import { IconArrowLeft, IconUserQuestion } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../features/auth/auth-context';
import { ClientCreditSummary } from '../../features/clients';
import { useClientDetails, useOlderClientReceipts } from '../../features/clients/api/clients';
import { ClientAccount } from '../../features/clients/components/ClientAccount';
import { ClientCard, ClientCardSkeleton } from '../../features/clients/components/ClientCard';
import { ClientReceipts } from '../../features/clients/components/ClientReceipts';
import { useClientActions } from '../../features/clients/components/useClientActions';
import { ClientInvoicing } from '../../features/invoices/components/ClientInvoicing';
import { ReceiptCard } from '../../features/receipts/components/ReceiptCard';
import { es } from '../../i18n/es';
import { getErrorMessage, getStatus } from '../../lib/errors';

const t = es.clients;

/** A route id that can name a client: a positive integer, nothing else. */
function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export default function ClientDetailPage() {
  const { role } = useAuth();
  const id = parseId(useParams().id);
  const details = useClientDetails(id ?? 0);
  const { actions, modals } = useClientActions();
  const client = details.data;
  const refreshing = details.isFetching && !details.isPending;
  // Older receipts come a page at a time once the user asks for more than the first page.
  const [wantOlder, setWantOlder] = useState(false);
  const older = useOlderClientReceipts(id ?? 0, client?.receiptsNextCursor ?? null, wantOlder);
  const receipts = useMemo(() => (client ? [...client.receipts, ...older.receipts] : []), [client, older.receipts]);

  const back = meetsRequirement(role, PAGE_ACCESS.clients) ? (
    <Anchor component={Link} to="/clients" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {t.back}
      </Group>
    </Anchor>
  ) : null;

  if (id === null) {
    return (
      <>
        {back}
        <PageHeader title={t.detail.title} />
        <Alert color="yellow" icon={<IconUserQuestion />} title={t.detail.missingId} role="alert">
          {t.detail.idRequired}
        </Alert>
      </>
    );
  }

  return (
    <>
      {back}
      <PageHeader
        title={client ? (clientFullName(client) ?? t.detail.title) : t.detail.title}
        actions={
          refreshing ? (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t.detail.refreshing}
              </Text>
            </Group>
          ) : null
        }
      />
      {details.isError && client ? (
        <ErrorState
          title={t.detail.loadError}
          detail={getErrorMessage(details.error)}
          onRetry={() => void details.refetch()}
        />
      ) : null}

      {details.isPending ? (
        <Stack gap="lg" data-testid="client-detail-loading">
          <ClientCardSkeleton />
          <Skeleton height={24} width={160} />
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={48} radius="md" />
          ))}
        </Stack>
      ) : client ? (
        <Stack gap="lg">
          <ClientCard client={client} actions={actions} showName={false} />
          {/* A Seller sees a client's available credit while selling to them, not here. */}
          {canSeeCreditFigures(role) ? <ClientCreditSummary clientId={client.id} /> : null}
          {meetsRequirement(role, PROTECTED_ACTIONS) ? <ClientAccount client={client} /> : null}
          {meetsRequirement(role, PAGE_ACCESS.invoices) ? (
            <ClientInvoicing clientId={client.id} receipts={receipts} />
          ) : null}
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t.detail.receipts(client.receiptsTotal)}
            </Title>
            <ClientReceipts
              receipts={receipts}
              older={{
                total: client.receiptsTotal,
                hasMore: older.hasMore,
                isLoading: older.isLoading,
                loadMore: () => {
                  setWantOlder(true);
                  older.loadMore();
                },
              }}
              renderReceipt={(receipt) => (
                <ReceiptCard key={receipt.id} receipt={receipt} clientName={clientFullName(client) ?? undefined} />
              )}
            />
          </Stack>
        </Stack>
      ) : getStatus(details.error) === 404 ? (
        <Paper withBorder radius="md" p="lg">
          <Group gap="sm">
            <IconUserQuestion />
            <Text>{t.detail.notFound}</Text>
          </Group>
        </Paper>
      ) : (
        <ErrorState
          title={t.detail.loadError}
          detail={getErrorMessage(details.error)}
          onRetry={() => void details.refetch()}
        />
      )}
      {modals}
    </>
  );
}
