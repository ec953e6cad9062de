import { CloseButton, Group, Paper, Select, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { PRODUCT_SORTS, type ProductCounts, type ProductSort } from '@mostrador/shared';
import { IconSearch } from '@tabler/icons-react';
import { es } from '../../../i18n/es';

/** 'Totales' and 'Bajo stock' over the whole catalogue, whatever the search and filters. */
export function ProductCounters({ counts }: { counts: ProductCounts | null }) {
  const tiles = [
    { key: 'total', label: es.products.counters.total, value: counts?.total, color: undefined },
    { key: 'low-stock', label: es.products.counters.lowStock, value: counts?.lowStock, color: 'red' },
  ];
  return (
    <SimpleGrid cols={2} spacing="sm" mb="md" maw={420}>
      {tiles.map((tile) => (
        <Paper key={tile.key} withBorder radius="md" p="sm" data-testid={`products-counter-${tile.key}`}>
          <Text size="sm" c="dimmed" fw={600}>
            {tile.label}
          </Text>
          <Text size="xl" fw={700} c={tile.value ? tile.color : undefined}>
            {tile.value?.toLocaleString('es-MX') ?? '–'}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

interface ToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  sort: ProductSort;
  onSort: (value: ProductSort) => void;
  lowStockOnly: boolean;
  onLowStockOnly: (value: boolean) => void;
}

/** Search by name or code, sort, and the low-stock-only switch. */
export function ProductsToolbar({ search, onSearch, sort, onSort, lowStockOnly, onLowStockOnly }: ToolbarProps) {
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <TextInput
        style={{ flex: '1 1 260px' }}
        label={es.products.searchLabel}
        placeholder={es.products.searchPlaceholder}
        leftSection={<IconSearch size={18} />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        rightSection={
          search ? <CloseButton size="sm" aria-label={es.products.clearSearch} onClick={() => onSearch('')} /> : null
        }
      />
      <Select
        style={{ flex: '0 1 230px' }}
        label={es.products.sortLabel}
        data={PRODUCT_SORTS.map((value) => ({ value, label: es.products.sorts[value] }))}
        value={sort}
        onChange={(value) => value && onSort(value as ProductSort)}
        allowDeselect={false}
      />
      <Switch
        mb={10}
        label={es.products.lowStockOnly}
        checked={lowStockOnly}
        onChange={(event) => onLowStockOnly(event.currentTarget.checked)}
      />
    </Group>
  );
}
