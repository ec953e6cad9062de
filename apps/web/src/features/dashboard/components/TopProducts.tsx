import { Card, Table, Tabs, Text, Title } from '@mantine/core';
import { formatQuantity, type TopProduct } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { money } from '../format';

const t = es.dashboard.top;

function ProductsTable({ rows, label }: { rows: TopProduct[]; label: string }) {
  if (rows.length === 0) return <Text c="dimmed">{t.empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={32}>{t.rank}</Table.Th>
            <Table.Th>{t.product}</Table.Th>
            <Table.Th ta="right">{t.quantity}</Table.Th>
            <Table.Th ta="right">{t.total}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={row.productId}>
              <Table.Td c="dimmed">{i + 1}</Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatQuantity(row.quantity, row.unit)}
              </Table.Td>
              <Table.Td ta="right">{money(row.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The range's ten best products by revenue and by quantity (each in its own unit). */
export function TopProducts({ byRevenue, byQuantity }: { byRevenue: TopProduct[]; byQuantity: TopProduct[] }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="sm">
        {t.title}
      </Title>
      <Tabs defaultValue="revenue" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="revenue">{t.byRevenue}</Tabs.Tab>
          <Tabs.Tab value="quantity">{t.byQuantity}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="revenue">
          <ProductsTable rows={byRevenue} label={`${t.title}: ${t.byRevenue}`} />
        </Tabs.Panel>
        <Tabs.Panel value="quantity">
          <ProductsTable rows={byQuantity} label={`${t.title}: ${t.byQuantity}`} />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
