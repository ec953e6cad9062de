import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { useReorder } from '../../features/purchases/api/purchases';
import { ReorderGroupCard } from '../../features/purchases/components/ReorderGroupCard';
import { useShopSettings } from '../../features/settings';
import { es } from '../../i18n/es';
import { getErrorMessage } from '../../lib/errors';

const t = es.purchases.reorderPage;

/** /compras/reponer: the lista de compras by last supplier, each group a purchase or a WhatsApp order away. */
export default function ReorderPage() {
  const reorder = useReorder();
  const shopName = useShopSettings().data?.businessName;

  let body;
  if (reorder.isPending)
    body = (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={180} />
        <Skeleton height={180} />
      </Stack>
    );
  else if (reorder.isError)
    body = (
      <ErrorState title={t.loadError} detail={getErrorMessage(reorder.error)} onRetry={() => void reorder.refetch()} />
    );
  else if (reorder.data.groups.length === 0)
    body = (
      <Text c="dimmed" py="xl" ta="center">
        {t.empty}
      </Text>
    );
  else
    body = (
      <Stack gap="md">
        {reorder.data.groups.map((group) => (
          <ReorderGroupCard key={group.supplier?.id ?? 'none'} group={group} shopName={shopName} />
        ))}
      </Stack>
    );

  return (
    <Stack gap={0}>
      <Anchor component={Link} to="/compras" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {es.purchases.title}
        </Group>
      </Anchor>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      {body}
    </Stack>
  );
}
