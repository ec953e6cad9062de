import { ActionIcon, Button, Group, Pagination, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { countProducts, hasFeature, prepareCatalog, type Product, type ProductSort } from '@mostrador/shared';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../features/auth/auth-context';
import { useProducts } from '../../features/products/api/products';
import { ProductModal } from '../../features/products/components/ProductModal';
import {
  type ProductAction,
  ProductsTable,
  ProductsTableSkeleton,
} from '../../features/products/components/ProductsTable';
import { ProductCounters, ProductsToolbar } from '../../features/products/components/ProductsToolbar';
import { StockChangeModal } from '../../features/products/components/StockChangeModal';
import { TaxReviewBanner } from '../../features/products/components/TaxReviewBanner';
import { ExportButton, ImportButton } from '../../features/spreadsheets';
import { es } from '../../i18n/es';
import { getErrorMessage } from '../../lib/errors';

const countUnreviewed = (products: Product[] | undefined) =>
  products ? products.reduce((n, p) => (p.taxesReviewed ? n : n + 1), 0) : 0;

/** Rows per page: 5,000 products stay smooth because only one page is ever rendered. */
const PAGE_SIZE = 50;

type DialogRequest = { kind: 'create' } | { kind: ProductAction; product: Product };
/** `seq` remounts the modal on every opening, so each starts from a fresh form. */
type Dialog = DialogRequest & { seq: number };

export default function ProductsPage() {
  const products = useProducts();
  const { role } = useAuth();
  const unreviewed = useMemo(
    () => (hasFeature(role, 'canManageProducts') ? countUnreviewed(products.data) : 0),
    [role, products.data],
  );
  // The reminder takes its place when the list first arrives, or after an import made here. Popping
  // in later, when a refetch brings someone else's import, would move the table under the pointer.
  const [reminder, setReminder] = useState<'pending' | 'shown' | 'hidden'>('pending');
  const settled = products.data !== undefined && !products.isFetching;
  if (settled && (reminder === 'pending' || (reminder === 'shown' && unreviewed === 0))) {
    setReminder(unreviewed > 0 ? 'shown' : 'hidden');
  }
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ProductSort>('name');
  const [lowStockOnly, setLowStockOnly] = useState(false);
  const [unreviewedOnly, setUnreviewedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [opened, setOpened] = useState(false);

  const catalog = useMemo(() => prepareCatalog(products.data ?? []), [products.data]);
  const counts = useMemo(() => (products.data ? countProducts(products.data) : null), [products.data]);
  // One pass over a prepared catalogue (about a millisecond for 5,000); the table paints its
  // first rows in the same frame and the rest of the page right after (ProductsTable).
  const selected = useMemo(() => {
    const chosen = catalog.select({ search, sort, lowStockOnly });
    return unreviewedOnly && unreviewed > 0 ? chosen.filter((p) => !p.taxesReviewed) : chosen;
  }, [catalog, search, sort, lowStockOnly, unreviewedOnly, unreviewed]);
  const pageCount = Math.max(1, Math.ceil(selected.length / PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const first = (currentPage - 1) * PAGE_SIZE;
  const rows = useMemo(() => selected.slice(first, first + PAGE_SIZE), [selected, first]);

  const open = useCallback((next: DialogRequest) => {
    setDialog((current) => ({ ...next, seq: (current?.seq ?? 0) + 1 }));
    setOpened(true);
  }, []);
  const onAction = useCallback((kind: ProductAction, product: Product) => open({ kind, product }), [open]);
  const closeDialog = useCallback(() => setOpened(false), []);
  const openCreate = () => {
    if (!opened) open({ kind: 'create' });
  };
  const refresh = () => {
    if (!opened) void products.refetch();
  };

  useHotkeys(
    [
      ['mod+K', openCreate],
      ['mod+N', openCreate],
      ['ctrl+K', openCreate],
      ['ctrl+N', openCreate],
    ],
    [],
  );
  useHotkeys([['r', refresh]]);

  const resetPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const filtered = search.trim() !== '' || lowStockOnly || unreviewedOnly;
  const clearFilters = () => {
    setSearch('');
    setLowStockOnly(false);
    setUnreviewedOnly(false);
    setPage(1);
  };

  // The dialog's product as currently listed (its stock may have changed since it was opened).
  const dialogProduct =
    dialog && dialog.kind !== 'create'
      ? (products.data?.find((p) => p.id === dialog.product.id) ?? dialog.product)
      : null;

  return (
    <>
      <PageHeader
        title={es.products.title}
        actions={
          <>
            <Tooltip label={es.products.refreshHint}>
              <ActionIcon
                variant="default"
                size={42}
                aria-label={es.products.refresh}
                onClick={refresh}
                loading={products.isFetching}
              >
                <IconRefresh size={20} />
              </ActionIcon>
            </Tooltip>
            <ImportButton
              kind="products"
              onImported={() => void products.refetch().then(() => setReminder('pending'))}
            />
            <ExportButton datasets={['products']} />
            <Tooltip label={es.products.createHint}>
              <Button leftSection={<IconPlus size={18} />} onClick={openCreate}>
                {es.products.create}
              </Button>
            </Tooltip>
          </>
        }
      />
      <TaxReviewBanner
        count={reminder === 'shown' ? unreviewed : 0}
        filtering={unreviewedOnly}
        onFilter={resetPage(setUnreviewedOnly)}
      />
      <ProductCounters counts={counts} />
      <ProductsToolbar
        search={search}
        onSearch={resetPage(setSearch)}
        sort={sort}
        onSort={resetPage(setSort)}
        lowStockOnly={lowStockOnly}
        onLowStockOnly={resetPage(setLowStockOnly)}
      />
      <Paper withBorder radius="md" p={0}>
        {products.isPending ? (
          <ProductsTableSkeleton />
        ) : products.isError && !products.data ? (
          <ErrorState
            title={es.products.loadError}
            detail={getErrorMessage(products.error)}
            onRetry={() => void products.refetch()}
          />
        ) : rows.length === 0 ? (
          <Stack align="center" gap="xs" p="xl">
            <Text fw={600}>{es.products.empty}</Text>
            <Text size="sm" c="dimmed">
              {es.products.emptyHint}
            </Text>
            {filtered ? (
              <Button variant="light" size="xs" onClick={clearFilters}>
                {es.products.clearFilters}
              </Button>
            ) : null}
          </Stack>
        ) : (
          <ProductsTable products={rows} onAction={onAction} />
        )}
      </Paper>
      {rows.length > 0 ? (
        <Group justify="space-between" mt="sm" gap="sm">
          <Text size="sm" c="dimmed" data-testid="products-showing">
            {es.products.showing(first + 1, first + rows.length, selected.length)}
          </Text>
          {pageCount > 1 ? (
            <Pagination
              total={pageCount}
              value={currentPage}
              onChange={setPage}
              size="sm"
              aria-label={es.products.pagination}
            />
          ) : null}
        </Group>
      ) : null}

      {dialog?.kind === 'create' ? <ProductModal key={dialog.seq} opened={opened} onClose={closeDialog} /> : null}
      {dialog && dialogProduct && dialog.kind === 'edit' ? (
        <ProductModal key={dialog.seq} product={dialogProduct} opened={opened} onClose={closeDialog} />
      ) : null}
      {dialog && dialogProduct && dialog.kind !== 'edit' && dialog.kind !== 'create' ? (
        <StockChangeModal
          key={dialog.seq}
          kind={dialog.kind}
          product={dialogProduct}
          opened={opened}
          onClose={closeDialog}
        />
      ) : null}
    </>
  );
}
