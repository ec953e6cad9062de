import { Button, Center, Pagination, Text } from '@mantine/core';
import { PURCHASE_PAGE_SIZE } from '@mostrador/shared';
import { IconFileCode, IconListCheck, IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { usePurchases } from '../../features/purchases/api/purchases';
import { type PurchaseFilter, PurchaseFilters } from '../../features/purchases/components/PurchaseFilters';
import { PurchasesTable, PurchasesTableSkeleton } from '../../features/purchases/components/PurchasesTable';
import { es } from '../../i18n/es';
import { getErrorMessage } from '../../lib/errors';

const t = es.purchases;

const YMD = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && YMD.test(value) ? value : null);
const positive = (value: string | null) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** 'Compras': the purchases newest first, filtered by days and supplier; the filter lives in the address. */
export default function PurchasesPage() {
  const [params, setParams] = useSearchParams();
  const filter: PurchaseFilter = {
    from: day(params.get('from')),
    to: day(params.get('to')),
    supplierId: positive(params.get('supplierId')),
  };
  const page = positive(params.get('page')) ?? 1;
  const purchases = usePurchases({
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    ...(filter.supplierId ? { supplierId: filter.supplierId } : {}),
    page,
  });
  const setAddress = (next: PurchaseFilter, nextPage = 1) => {
    const search = new URLSearchParams();
    if (next.from) search.set('from', next.from);
    if (next.to) search.set('to', next.to);
    if (next.supplierId) search.set('supplierId', String(next.supplierId));
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search, { replace: true });
  };
  const filtered = filter.from !== null || filter.to !== null || filter.supplierId !== null;
  const pages = Math.max(1, Math.ceil((purchases.data?.total ?? 0) / PURCHASE_PAGE_SIZE));

  let body;
  if (purchases.isPending) body = <PurchasesTableSkeleton />;
  else if (purchases.isError)
    body = (
      <ErrorState
        title={t.list.loadError}
        detail={getErrorMessage(purchases.error)}
        onRetry={() => void purchases.refetch()}
      />
    );
  else if (purchases.data.purchases.length === 0)
    body = (
      <Text c="dimmed" py="xl" ta="center">
        {filtered || page > 1 ? t.list.empty : t.list.emptyFirst}
      </Text>
    );
  else
    body = (
      <>
        <PurchasesTable purchases={purchases.data.purchases} />
        {pages > 1 ? (
          <Center mt="md">
            <Pagination total={pages} value={Math.min(page, pages)} onChange={(p) => setAddress(filter, p)} />
          </Center>
        ) : null}
      </>
    );

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={purchases.data ? t.list.count(purchases.data.total) : undefined}
        actions={
          <>
            <Button component={Link} to="/compras/reponer" variant="default" leftSection={<IconListCheck size={18} />}>
              {t.reorder}
            </Button>
            <Button component={Link} to="/compras/xml" variant="default" leftSection={<IconFileCode size={18} />}>
              {t.fromXml}
            </Button>
            <Button component={Link} to="/compras/nueva" leftSection={<IconPlus size={18} />}>
              {t.newPurchase}
            </Button>
          </>
        }
      />
      <PurchaseFilters filter={filter} onChange={(next) => setAddress(next)} />
      {body}
    </>
  );
}
