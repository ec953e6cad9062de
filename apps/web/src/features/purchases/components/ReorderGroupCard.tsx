import { Button, Card, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import {
  formatQuantity,
  formatTotal,
  lineCostCents,
  pesosToMicros,
  type ReorderGroup,
  toMilli,
} from '@mostrador/shared';
import { IconBrandWhatsapp, IconShoppingCartPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { es } from '../../../i18n/es';
import { formatUnitCost } from '../format';
import { draftFromGroup } from '../reorder-draft';
import { whatsAppLink } from '../reorder-message';

const t = es.purchases.reorderPage;

/** What the group would cost at its last costs (products never bought count nothing). */
function estimateCents(group: ReorderGroup): number {
  return group.items.reduce(
    (sum, item) =>
      sum + (item.lastCost === null ? 0 : lineCostCents(toMilli(item.suggested), pesosToMicros(item.lastCost))),
    0,
  );
}

/** One supplier's products to reorder, with 'Crear compra' and 'Pedir por WhatsApp'. */
export function ReorderGroupCard({ group, shopName }: { group: ReorderGroup; shopName?: string | null }) {
  const navigate = useNavigate();
  const name = group.supplier?.name ?? t.noSupplier;
  const link = whatsAppLink(group, shopName);
  const whatsappLook = { variant: 'light', color: 'green', leftSection: <IconBrandWhatsapp size={18} /> } as const;
  // Without a usable phone: a button that says why (a tooltip, also on focus and touch) and opens nothing.
  const whatsapp = link ? (
    <Button component="a" href={link} target="_blank" rel="noopener noreferrer" {...whatsappLook}>
      {t.whatsapp}
    </Button>
  ) : (
    <Tooltip label={t.noPhone} events={{ hover: true, focus: true, touch: true }}>
      <Button {...whatsappLook} data-disabled aria-disabled="true" onClick={(event) => event.preventDefault()}>
        {t.whatsapp}
      </Button>
    </Tooltip>
  );

  return (
    <Card withBorder radius="md" padding="md" data-testid="reorder-group">
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Title order={2} size="h4">
            {name}
          </Title>
          <Text size="xs" c="dimmed">
            {group.supplier ? (group.supplier.phone ?? '—') : t.noSupplierHint}
            {' · '}
            {t.estimate(formatTotal(estimateCents(group)))}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            leftSection={<IconShoppingCartPlus size={18} />}
            onClick={() => void navigate('/compras/nueva', { state: { draft: draftFromGroup(group) } })}
          >
            {t.createPurchase}
          </Button>
          {group.supplier ? whatsapp : null}
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={300}>
        <Table striped aria-label={name}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.product}</Table.Th>
              <Table.Th ta="right">{t.stock}</Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                {t.minimum}
              </Table.Th>
              <Table.Th ta="right">{t.suggested}</Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                {t.lastCost}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.items.map((item) => (
              <Table.Tr key={item.productId}>
                <Table.Td>
                  {item.name}
                  <Text size="xs" c="dimmed">
                    {item.cuid}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" c={item.stock <= 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {formatQuantity(item.stock, item.units)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                  {formatQuantity(item.minStock, item.units)}
                </Table.Td>
                <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {formatQuantity(item.suggested, item.units)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                  {item.lastCost === null ? '—' : formatUnitCost(item.lastCost)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
