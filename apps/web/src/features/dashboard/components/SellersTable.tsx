import { Card, Table, Text, Title } from '@mantine/core';
import type { SellerSales } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { money } from '../format';

const t = es.dashboard.sellers;

/** Receipts and sales of each seller in the range, best first. */
export function SellersTable({ sellers }: { sellers: SellerSales[] }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="sm">
        {t.title}
      </Title>
      {sellers.length === 0 ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table striped aria-label={t.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.seller}</Table.Th>
                <Table.Th ta="right">{t.receipts}</Table.Th>
                <Table.Th ta="right">{t.total}</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  {t.averageTicket}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sellers.map((row) => (
                <Table.Tr key={row.userId}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td ta="right">{row.receipts}</Table.Td>
                  <Table.Td ta="right">{money(row.total)}</Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {money(row.averageTicket)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
