import { Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { formatQuantity, type LowStockItem } from '@mostrador/shared';
import { IconFileTypeCsv, IconPrinter, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { es } from '../../../i18n/es';
import { notifyFailure } from '../../../lib/notify';
import { useShoppingList } from '../api/shopping-list';

const t = es.dashboard.lowStock;
const FIRST = 10;

/** Products at or under their minimum, with what to order, and the 'Lista de compras' to print or save. */
export function LowStockList({ items }: { items: LowStockItem[] }) {
  const [all, setAll] = useState(false);
  const list = useShoppingList();
  const shown = all ? items : items.slice(0, FIRST);
  const get = (format: 'csv' | 'pdf') =>
    list.mutate(format, { onError: (error) => notifyFailure(t.downloadError, error) });

  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        <Group gap="xs" role="group" aria-label={t.shoppingList}>
          <Text size="sm" fw={500}>
            {t.shoppingList}:
          </Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPrinter size={16} />}
            loading={list.isPending && list.variables === 'pdf'}
            onClick={() => get('pdf')}
          >
            {t.print}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileTypeCsv size={16} />}
            loading={list.isPending && list.variables === 'csv'}
            onClick={() => get('csv')}
          >
            {t.csv}
          </Button>
          {/* The same list by last supplier: each group becomes a purchase or a WhatsApp order. */}
          <Button
            component={Link}
            to="/compras/reponer"
            size="xs"
            variant="light"
            leftSection={<IconTruckDelivery size={16} />}
          >
            {es.purchases.reorderPage.bySupplier}
          </Button>
        </Group>
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={300}>
            <Table striped aria-label={t.title} data-testid="low-stock-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.product}</Table.Th>
                  <Table.Th ta="right">{t.stock}</Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    {t.minimum}
                  </Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    {t.sold}
                  </Table.Th>
                  <Table.Th ta="right">{t.suggested}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((item) => (
                  <Table.Tr key={item.productId}>
                    <Table.Td>
                      {item.name}
                      <Text size="xs" c="dimmed">
                        {item.cuid}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" c={item.stock <= 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
                      {formatQuantity(item.stock, item.unit)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                      {formatQuantity(item.minStock, item.unit)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                      {formatQuantity(item.soldLast30Days, item.unit)}
                    </Table.Td>
                    <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {formatQuantity(item.suggested, item.unit)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="xs" wrap="wrap">
            <Text size="xs" c="dimmed">
              {t.rule}
            </Text>
            {items.length > FIRST ? (
              <Button size="xs" variant="subtle" onClick={() => setAll(!all)}>
                {all ? t.showLess : t.showAll(items.length)}
              </Button>
            ) : null}
          </Group>
        </>
      )}
    </Card>
  );
}
