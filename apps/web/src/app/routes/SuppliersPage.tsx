import { Button, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch, IconTruck } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { ExportButton, ImportButton } from '../../features/spreadsheets';
import { useSuppliers } from '../../features/suppliers/api/suppliers';
import { SupplierModal } from '../../features/suppliers/components/SupplierModal';
import { SuppliersTable, SuppliersTableSkeleton } from '../../features/suppliers/components/SuppliersTable';
import { useSupplierActions } from '../../features/suppliers/components/useSupplierActions';
import { filterSuppliers } from '../../features/suppliers/search';
import { es } from '../../i18n/es';
import { getErrorMessage } from '../../lib/errors';

const t = es.suppliers;

/** 'Proveedores' (Admin and Manager): search, create, edit, disable, import and export. */
export default function SuppliersPage() {
  const suppliers = useSuppliers();
  const [creating, setCreating] = useState(false);
  const { actions, modal, editing } = useSupplierActions();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const matching = useMemo(
    () => filterSuppliers(suppliers.data ?? [], deferredSearch),
    [suppliers.data, deferredSearch],
  );

  const openCreate = () => {
    if (!editing) setCreating(true);
  };
  useHotkeys(
    [
      ['ctrl+K', openCreate],
      ['meta+K', openCreate],
    ],
    [],
  );

  let body;
  if (suppliers.isPending) body = <SuppliersTableSkeleton />;
  else if (suppliers.isError)
    body = (
      <ErrorState
        title={t.loadError}
        detail={getErrorMessage(suppliers.error)}
        onRetry={() => void suppliers.refetch()}
      />
    );
  else if (matching.length === 0)
    body = (
      <Text c="dimmed" py="xl" ta="center">
        {suppliers.data.length === 0 ? t.empty : t.nothingFound}
      </Text>
    );
  else body = <SuppliersTable suppliers={matching} actions={actions} />;

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={suppliers.data ? t.count(matching.length, suppliers.data.length) : undefined}
        actions={
          <>
            <ImportButton kind="suppliers" onImported={() => void suppliers.refetch()} />
            <ExportButton datasets={['suppliers']} />
            <Tooltip label={t.createShortcut}>
              <Button leftSection={<IconTruck size={18} />} onClick={() => setCreating(true)}>
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
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, maxWidth: 480 }}
          type="search"
        />
        <Button variant="default" onClick={() => setSearch('')} disabled={!search}>
          {t.clear}
        </Button>
      </Group>
      {body}
      {creating ? <SupplierModal onClose={() => setCreating(false)} /> : null}
      {modal}
    </>
  );
}
