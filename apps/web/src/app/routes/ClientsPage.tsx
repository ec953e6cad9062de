import { Button, Group, TextInput, Tooltip } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { meetsRequirement, PROTECTED_ACTIONS } from '@mostrador/shared';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { useClients } from '../../features/clients/api/clients';
import { CLIENTS_PAGE_SIZE, ClientsList, ClientsListSkeleton } from '../../features/clients/components/ClientsList';
import { CreateClientModal } from '../../features/clients/components/CreateClientModal';
import { useClientActions } from '../../features/clients/components/useClientActions';
import { filterClients, indexClients } from '../../features/clients/search';
import { useAuth } from '../../features/auth';
import { ExportButton, ImportButton } from '../../features/spreadsheets';
import { es } from '../../i18n/es';
import { getErrorMessage } from '../../lib/errors';

const t = es.clients;

export default function ClientsPage() {
  const clients = useClients();
  const { role } = useAuth();
  // Sellers list and register clients; moving them in and out of files is for Admin and Manager.
  const canTransfer = meetsRequirement(role, PROTECTED_ACTIONS);
  const [creating, createModal] = useDisclosure(false);
  const { actions, modals, modalOpened } = useClientActions();
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(CLIENTS_PAGE_SIZE);

  // The input answers at once; the filter and the cards follow at a lower priority.
  const deferredSearch = useDeferredValue(search);
  const index = useMemo(() => indexClients(clients.data ?? []), [clients.data]);
  const matching = useMemo(() => filterClients(index, deferredSearch), [index, deferredSearch]);

  const changeSearch = (value: string) => {
    setSearch(value);
    setLimit(CLIENTS_PAGE_SIZE);
  };
  const showMore = useCallback(() => setLimit((n) => n + CLIENTS_PAGE_SIZE), []);

  // Ctrl+K opens 'Crear cliente' (cmd+K on a Mac), also from the search box, unless
  // the edit or disable modal is in the way.
  const openCreate = () => {
    if (!modalOpened) createModal.open();
  };
  useHotkeys(
    [
      ['ctrl+K', openCreate],
      ['meta+K', openCreate],
    ],
    [],
  );

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={clients.data ? t.count(matching.length, clients.data.length) : undefined}
        actions={
          <>
            {canTransfer ? (
              <>
                <ImportButton kind="clients" onImported={() => void clients.refetch()} />
                <ExportButton datasets={['clients']} />
              </>
            ) : null}
            <Tooltip label={t.createShortcut}>
              <Button leftSection={<IconUserPlus size={18} />} onClick={createModal.open}>
                {t.create}
              </Button>
            </Tooltip>
          </>
        }
      />
      <Group align="flex-end" gap="sm" mb="lg" wrap="nowrap">
        <TextInput
          label={t.search}
          placeholder={t.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => changeSearch(event.currentTarget.value)}
          style={{ flex: 1, maxWidth: 480 }}
          type="search"
        />
        <Button variant="default" onClick={() => changeSearch('')} disabled={!search}>
          {t.clear}
        </Button>
      </Group>

      {clients.isPending ? (
        <ClientsListSkeleton />
      ) : clients.isError ? (
        <ErrorState
          title={t.loadError}
          detail={getErrorMessage(clients.error)}
          onRetry={() => void clients.refetch()}
        />
      ) : (
        <ClientsList clients={matching} limit={limit} onShowMore={showMore} actions={actions} />
      )}

      <CreateClientModal opened={creating} onClose={createModal.close} />
      {modals}
    </>
  );
}
