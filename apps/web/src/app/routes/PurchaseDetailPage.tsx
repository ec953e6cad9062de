import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconFileOff } from '@tabler/icons-react';
import type { Purchase } from '@mostrador/shared';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { usePurchase } from '../../features/purchases/api/purchases';
import { PurchaseCard } from '../../features/purchases/components/PurchaseCard';
import { useCancelPurchaseAction } from '../../features/purchases/components/useCancelPurchaseAction';
import { es } from '../../i18n/es';
import { getErrorMessage, getStatus } from '../../lib/errors';

const t = es.purchases.detail;

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** /compras/{id}: the purchase and, while it stands, 'Cancelar compra'. */
export default function PurchaseDetailPage() {
  const id = parseId(useParams().id);
  const purchase = usePurchase(id);
  const back = (
    <Anchor component={Link} to="/compras" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {t.back}
      </Group>
    </Anchor>
  );

  if (purchase.data) return <Loaded purchase={purchase.data} back={back} />;
  let body;
  if (id === null)
    body = (
      <Alert color="yellow" icon={<IconFileOff />} role="alert">
        {t.idRequired}
      </Alert>
    );
  else if (purchase.isPending)
    body = (
      <Stack gap="sm" aria-busy="true">
        <Text size="sm" c="dimmed">
          {t.loading}
        </Text>
        <Skeleton height={28} width="40%" />
        <Skeleton height={80} />
        <Skeleton height={160} />
      </Stack>
    );
  else if (getStatus(purchase.error) === 404)
    body = (
      <Paper withBorder radius="md" p="lg" role="alert">
        <Group gap="sm">
          <IconFileOff />
          <Text>{t.notFound}</Text>
        </Group>
      </Paper>
    );
  else
    body = (
      <ErrorState
        title={t.loadError}
        detail={getErrorMessage(purchase.error)}
        onRetry={() => void purchase.refetch()}
      />
    );
  return (
    <Stack gap={0} maw={900}>
      {back}
      <PageHeader title={id === null ? es.purchases.title : t.title(id)} />
      {body}
    </Stack>
  );
}

function Loaded({ purchase, back }: { purchase: Purchase; back: ReactNode }) {
  const cancel = useCancelPurchaseAction(purchase);
  return (
    <Stack gap={0} maw={900}>
      {back}
      <PageHeader title={t.title(purchase.id)} actions={purchase.cancelledAt ? null : cancel.button} />
      {cancel.refusal}
      <PurchaseCard purchase={purchase} />
    </Stack>
  );
}
