import { Button, Group, Select, Text } from '@mantine/core';
import type { Supplier } from '@mostrador/shared';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { es } from '../../../i18n/es';
import { SupplierModal, useSuppliers } from '../../suppliers';

const t = es.purchases.form;

/**
 * The purchase's supplier: a searchable list of the enabled ones and 'Nuevo proveedor', which
 * creates one (with the name typed so far) and selects it. A draft's supplier shows even before
 * the list arrives.
 */
export function SupplierPicker({
  value,
  draftName,
  onChange,
  error,
}: {
  value: number | null;
  draftName?: string;
  onChange: (id: number | null) => void;
  error?: string | null;
}) {
  const suppliers = useSuppliers();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const options = useMemo(() => {
    const list = (suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
    if (value !== null && draftName && !list.some((o) => o.value === String(value)))
      list.unshift({ value: String(value), label: draftName });
    return list;
  }, [suppliers.data, value, draftName]);

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        label={t.supplier}
        placeholder={suppliers.isPending ? es.common.loading : t.supplierPlaceholder}
        data={options}
        value={value === null ? null : String(value)}
        onChange={(next) => onChange(next === null ? null : Number(next))}
        searchValue={search}
        onSearchChange={setSearch}
        searchable
        nothingFoundMessage={t.supplierNothing}
        withAsterisk
        error={error}
        style={{ flex: 1, minWidth: 0 }}
        data-testid="purchase-supplier"
      />
      {/* The words on a wide screen; on a phone the icon, named for a screen reader. */}
      <Button variant="default" px="sm" aria-label={t.newSupplier} onClick={() => setCreating(true)}>
        <IconPlus size={16} />
        <Text span inherit ml={6} visibleFrom="xs">
          {t.newSupplier}
        </Text>
      </Button>
      {creating ? (
        <SupplierModal
          initialName={options.some((o) => o.label === search) ? '' : search}
          onSaved={(supplier: Supplier) => onChange(supplier.id)}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </Group>
  );
}
