import { ActionIcon, Badge, Group, Skeleton, Table, Tooltip } from '@mantine/core';
import type { Role, User } from '@mostrador/shared';
import { IconKey, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { ClearPinButton } from '../../supervisors';
import { ResetPasswordModal } from './ResetPasswordModal';
import { UserEditRow } from './UserEditRow';

const ROLE_COLORS: Record<Role, string> = { Admin: 'grape', Manager: 'blue', Seller: 'teal' };
const COLUMNS = 5;

/** Users with inline row edit (saved through the API), a password reset per user and, for a Manager or Admin, clearing their supervisor PIN. */
export function UsersTable({ users }: { users: User[] }) {
  const [editingId, setEditingId] = useState<number | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);

  const rows = users.map((user) =>
    editingId === user.id ? (
      <UserEditRow key={user.id} user={user} onDone={() => setEditingId(null)} />
    ) : (
      <Table.Tr key={user.id}>
        <Table.Td>{user.name}</Table.Td>
        <Table.Td>{user.email}</Table.Td>
        <Table.Td>
          <Badge color={ROLE_COLORS[user.role]} variant="light">
            {es.layout.roles[user.role]}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Badge color={user.isEnabled ? 'teal' : 'gray'} variant="dot">
            {user.isEnabled ? es.users.enabledBadge : es.users.disabledBadge}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={es.users.edit}>
              <ActionIcon
                variant="subtle"
                aria-label={`${es.users.edit} ${user.name}`}
                onClick={() => setEditingId(user.id)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={es.users.resetPassword}>
              <ActionIcon
                variant="subtle"
                aria-label={`${es.users.resetPassword} ${user.name}`}
                onClick={() => setResetting(user)}
              >
                <IconKey size={18} />
              </ActionIcon>
            </Tooltip>
            <ClearPinButton user={user} />
          </Group>
        </Table.Td>
      </Table.Tr>
    ),
  );

  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table>
          <UsersTableHead />
          <Table.Tbody>{rows}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}

function UsersTableHead() {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{es.users.columns.name}</Table.Th>
        <Table.Th>{es.users.columns.email}</Table.Th>
        <Table.Th>{es.users.columns.role}</Table.Th>
        <Table.Th>{es.users.columns.enabled}</Table.Th>
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
            {Array.from({ length: COLUMNS }, (_, j) => (
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
