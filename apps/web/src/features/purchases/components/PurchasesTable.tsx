import { Anchor, Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { PurchaseSummary } from '@mostrador/shared';
import { Link, useNavigate } from 'react-router';
import { es } from '../../../i18n/es';
import { formatDay, formatPesos } from '../format';

const t = es.purchases;

/** A page of purchases: date, supplier, folio, total, how it was paid and its state; a row opens it. */
export function PurchasesTable({ purchases }: { purchases: PurchaseSummary[] }) {
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped highlightOnHover aria-label={t.title} data-testid="purchases-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.list.date}</Table.Th>
            <Table.Th>{t.list.supplier}</Table.Th>
            <Table.Th visibleFrom="sm">{t.list.folio}</Table.Th>
            <Table.Th ta="right">{t.list.total}</Table.Th>
            <Table.Th visibleFrom="sm">{t.list.paid}</Table.Th>
            <Table.Th visibleFrom="sm">{t.list.state}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {purchases.map((p) => (
            <Table.Tr key={p.id} style={{ cursor: 'pointer' }} onClick={() => void navigate(`/compras/${p.id}`)}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={`/compras/${p.id}`} size="sm" onClick={(e) => e.stopPropagation()}>
                  {formatDay(p.date)}
                </Anchor>
                <Text size="xs" c="dimmed">
                  #{p.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{p.supplier.name}</Text>
                {/* On a phone the state column is left out: a cancelled purchase says so here. */}
                {p.cancelledAt ? (
                  <Text size="xs" c="red" fw={600} hiddenFrom="sm">
                    {t.state.cancelled}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  {t.list.lines(p.itemCount)}
                  {p.invoiceFolio ? <Text span hiddenFrom="sm" inherit>{` · ${p.invoiceFolio}`}</Text> : null}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">{p.invoiceFolio ?? '—'}</Table.Td>
              <Table.Td
                ta="right"
                fw={600}
                style={{ whiteSpace: 'nowrap' }}
                td={p.cancelledAt ? 'line-through' : undefined}
              >
                {formatPesos(p.total)}
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Group gap={4} wrap="nowrap">
                  <Text size="sm">{t.paid[p.paid]}</Text>
                  {p.fromDrawer ? (
                    <Badge size="xs" variant="light" color="gray">
                      {t.fromDrawerBadge}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <PurchaseStateBadge cancelled={p.cancelledAt !== null} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function PurchaseStateBadge({ cancelled }: { cancelled: boolean }) {
  return (
    <Badge color={cancelled ? 'red' : 'teal'} variant="light">
      {cancelled ? t.state.cancelled : t.state.active}
    </Badge>
  );
}

export function PurchasesTableSkeleton() {
  return (
    <Stack gap="xs" aria-busy="true">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={40} />
      ))}
    </Stack>
  );
}
