import { Button, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { useUsers } from '../../features/users/api/users';
import { AddUserModal } from '../../features/users/components/AddUserModal';
import { UsersTable, UsersTableSkeleton } from '../../features/users/components/UsersTable';
import { es } from '../../i18n/es';
import { getErrorMessage } from '../../lib/errors';

export default function UsersPage() {
  const users = useUsers();
  const [adding, { open, close }] = useDisclosure(false);

  return (
    <>
      <PageHeader
        title={es.users.title}
        subtitle={es.users.subtitle}
        actions={
          <Button leftSection={<IconUserPlus size={18} />} onClick={open}>
            {es.users.add}
          </Button>
        }
      />
      <Paper withBorder radius="md" p={0}>
        {users.isPending ? (
          <UsersTableSkeleton />
        ) : users.isError ? (
          <ErrorState
            title={es.users.loadError}
            detail={getErrorMessage(users.error)}
            onRetry={() => void users.refetch()}
          />
        ) : users.data.length === 0 ? (
          <Text p="md" c="dimmed">
            {es.users.empty}
          </Text>
        ) : (
          <UsersTable users={users.data} />
        )}
      </Paper>
      <AddUserModal opened={adding} onClose={close} />
    </>
  );
}
