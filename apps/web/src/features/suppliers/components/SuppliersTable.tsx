import { ActionIcon, Menu, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Supplier } from '@mostrador/shared';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { es } from '../../../i18n/es';

const t = es.suppliers;

export interface SupplierActions {
  edit(supplier: Supplier): void;
  disable(supplier: Supplier): void;
}

/** The suppliers as rows: name (with the contact under it), RFC, phone and the actions' menu. */
export function SuppliersTable({ suppliers, actions }: { suppliers: Supplier[]; actions: SupplierActions }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped highlightOnHover aria-label={t.title} data-testid="suppliers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.fields.name}</Table.Th>
            <Table.Th visibleFrom="sm">{t.fields.rfc}</Table.Th>
            <Table.Th>{t.fields.phone}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t.actionsColumn}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {suppliers.map((supplier) => (
            <Table.Tr key={supplier.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {supplier.name}
                </Text>
                {supplier.contact ? (
                  <Text size="xs" c="dimmed">
                    {supplier.contact}
                  </Text>
                ) : null}
                {supplier.rfc ? (
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {supplier.rfc}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td visibleFrom="sm">{supplier.rfc ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{supplier.phone ?? '—'}</Table.Td>
              <Table.Td>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={t.actions(supplier.name)}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.edit(supplier)}>
                      {t.edit}
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => actions.disable(supplier)}
                    >
                      {t.disable}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function SuppliersTableSkeleton() {
  return (
    <Stack gap="xs" aria-busy="true">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={40} />
      ))}
    </Stack>
  );
}
