import { Button, Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMemo } from 'react';
import { es } from '../../../i18n/es';
import { useSuppliers } from '../../suppliers';

const t = es.purchases.list;

export interface PurchaseFilter {
  from: string | null;
  to: string | null;
  supplierId: number | null;
}

/** Desde, hasta and the supplier of the purchases listed. */
export function PurchaseFilters({
  filter,
  onChange,
}: {
  filter: PurchaseFilter;
  onChange: (f: PurchaseFilter) => void;
}) {
  const suppliers = useSuppliers();
  const options = useMemo(
    () => (suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
    [suppliers.data],
  );
  const filtered = filter.from !== null || filter.to !== null || filter.supplierId !== null;
  return (
    <Group align="flex-end" gap="sm" mb="lg" wrap="wrap">
      <DatePickerInput
        label={t.from}
        placeholder="—"
        value={filter.from}
        onChange={(from) => onChange({ ...filter, from })}
        valueFormat="DD/MM/YYYY"
        clearable
        miw={140}
      />
      <DatePickerInput
        label={t.to}
        placeholder="—"
        value={filter.to}
        onChange={(to) => onChange({ ...filter, to })}
        valueFormat="DD/MM/YYYY"
        minDate={filter.from ?? undefined}
        clearable
        miw={140}
      />
      <Select
        label={t.supplier}
        placeholder={t.allSuppliers}
        data={options}
        value={filter.supplierId === null ? null : String(filter.supplierId)}
        onChange={(value) => onChange({ ...filter, supplierId: value === null ? null : Number(value) })}
        searchable
        clearable
        miw={220}
      />
      <Button
        variant="default"
        disabled={!filtered}
        onClick={() => onChange({ from: null, to: null, supplierId: null })}
      >
        {t.clear}
      </Button>
    </Group>
  );
}
