import { ActionIcon, Badge, Button, Group, Select, Skeleton, Table, TextInput, Tooltip } from '@mantine/core';
import { ROLES, type Role, type User } from '@mostrador/shared';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { es } from '../../../i18n/es';

type Draft = Pick<User, 'name' | 'email' | 'role'>;

const ROLE_COLORS: Record<Role, string> = { Admin: 'grape', Manager: 'blue', Seller: 'teal' };

/**
 * Users with inline row edit. Saving an inline edit is local only (there is no endpoint for it),
 * so edits live in this component's state and vanish on reload.
 */
export function UsersTable({ users }: { users: User[] }) {
  const [local, setLocal] = useState<Record<number, Draft>>({});
  const [editing, setEditing] = useState<{ id: number; draft: Draft } | null>(null);
  const shown = (user: User): Draft => local[user.id] ?? user;

  const rows = users.map((user) => {
    const values = shown(user);
    if (editing?.id === user.id) {
      const set = (patch: Partial<Draft>) => setEditing({ id: user.id, draft: { ...editing.draft, ...patch } });
      return (
        <Table.Tr key={user.id}>
          <Table.Td>
            <TextInput
              size="xs"
              aria-label={es.users.columns.name}
              value={editing.draft.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
            />
          </Table.Td>
          <Table.Td>
            <TextInput
              size="xs"
              aria-label={es.users.columns.email}
              value={editing.draft.email}
              onChange={(e) => set({ email: e.currentTarget.value })}
            />
          </Table.Td>
          <Table.Td>
            <Select
              size="xs"
              aria-label={es.users.columns.role}
              data={ROLES.map((role) => ({ value: role, label: es.layout.roles[role] }))}
              allowDeselect={false}
              value={editing.draft.role}
              onChange={(role) => role && set({ role: role as Role })}
            />
          </Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                onClick={() => {
                  setLocal({ ...local, [user.id]: editing.draft });
                  setEditing(null);
                }}
              >
                {es.users.save}
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                {es.users.cancel}
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      );
    }
    return (
      <Table.Tr key={user.id}>
        <Table.Td>{values.name}</Table.Td>
        <Table.Td>{values.email}</Table.Td>
        <Table.Td>
          <Badge color={ROLE_COLORS[values.role]} variant="light">
            {es.layout.roles[values.role]}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Tooltip label={es.users.edit}>
            <ActionIcon
              variant="subtle"
              aria-label={`${es.users.edit} ${values.name}`}
              onClick={() => setEditing({ id: user.id, draft: values })}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        </Table.Td>
      </Table.Tr>
    );
  });

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table>
        <UsersTableHead />
        <Table.Tbody>{rows}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UsersTableHead() {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{es.users.columns.name}</Table.Th>
        <Table.Th>{es.users.columns.email}</Table.Th>
        <Table.Th>{es.users.columns.role}</Table.Th>
        <Table.Th w={160}>{es.users.columns.actions}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

export function UsersTableSkeleton() {
  return (
    <Table>
      <UsersTableHead />
      <Table.Tbody>
        {Array.from({ length: 5 }, (_, i) => (
          <Table.Tr key={i} data-testid="users-skeleton">
            {Array.from({ length: 4 }, (_, j) => (
              <Table.Td key={j}>
                <Skeleton height={16} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
