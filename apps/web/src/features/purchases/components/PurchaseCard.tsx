import { Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatDateTime, formatQuantity, type Purchase } from '@mostrador/shared';
import type { ReactNode } from 'react';
import { es } from '../../../i18n/es';
import { formatDay, formatPesos, formatUnitCost } from '../format';
import { PurchaseStateBadge } from './PurchasesTable';

const t = es.purchases.detail;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** A purchase: who, when, the folio and how it was paid, then its lines and the total. */
export function PurchaseCard({ purchase }: { purchase: Purchase }) {
  const paid = es.purchases.paid[purchase.paid] + (purchase.fromDrawer ? ` · ${es.purchases.fromDrawerBadge}` : '');
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={700} size="lg">
          {purchase.supplier.name}
        </Text>
        <PurchaseStateBadge cancelled={purchase.cancelledAt !== null} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" mb="md">
        <Field label={t.date}>{formatDay(purchase.date)}</Field>
        <Field label={t.folio}>{purchase.invoiceFolio ?? '—'}</Field>
        <Field label={t.paid}>{paid}</Field>
        {purchase.supplier.rfc ? <Field label={es.suppliers.fields.rfc}>{purchase.supplier.rfc}</Field> : null}
        <Field label={t.user}>{purchase.user.name}</Field>
        <Field label={t.createdAt}>{formatDateTime(purchase.createdAt)}</Field>
        {purchase.cfdiUuid ? <Field label={t.uuid}>{purchase.cfdiUuid}</Field> : null}
      </SimpleGrid>
      {purchase.cancelledAt ? (
        <Text size="sm" c="red" mb="sm">
          {t.cancelledBy(purchase.cancelledBy?.name ?? '—', formatDateTime(purchase.cancelledAt))}
        </Text>
      ) : null}
      {purchase.note ? (
        <Text size="sm" mb="sm" style={{ whiteSpace: 'pre-wrap' }}>
          <Text span c="dimmed" inherit>
            {t.note}:{' '}
          </Text>
          {purchase.note}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={320}>
        <Table striped aria-label={t.title(purchase.id)} data-testid="purchase-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.product}</Table.Th>
              <Table.Th ta="right">{t.quantity}</Table.Th>
              <Table.Th ta="right">{t.unitCost}</Table.Th>
              <Table.Th ta="right">{t.amount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {purchase.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  {item.productName}
                  {item.supplierCode ? (
                    <Text size="xs" c="dimmed">
                      {t.code}: {item.supplierCode}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatQuantity(item.quantity, item.units)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatUnitCost(item.unitCost)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatPesos(item.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3} ta="right">
                {t.total}
              </Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="purchase-total">
                {formatPesos(purchase.total)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
