import { Text } from '@mantine/core';
import type { Supplier } from '@mostrador/shared';
import { useMemo, useState } from 'react';
import { es } from '../../../i18n/es';
import { openConfirm } from '../../../lib/confirm';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useDisableSupplier } from '../api/suppliers';
import { SupplierModal } from './SupplierModal';
import type { SupplierActions } from './SuppliersTable';

const t = es.suppliers;

/** Editar (a modal) and Deshabilitar (a confirmation) for the rows of the suppliers' table. */
export function useSupplierActions() {
  const [editing, setEditing] = useState<Supplier | null>(null);
  const disable = useDisableSupplier();
  const { mutate } = disable;

  const actions = useMemo<SupplierActions>(
    () => ({
      edit: setEditing,
      disable: (supplier) =>
        openConfirm({
          title: t.disableTitle,
          children: (
            <>
              <Text size="sm">{t.disableQuestion(supplier.name)}</Text>
              <Text size="sm" c="dimmed" mt="xs">
                {t.disableNote}
              </Text>
            </>
          ),
          labels: { confirm: t.disableSubmit, cancel: es.common.cancel },
          confirmProps: { color: 'red' },
          onConfirm: () =>
            mutate(supplier.id, {
              onSuccess: () => notifySuccess(t.disabled),
              onError: (error) => notifyFailure(t.disableFailed, error),
            }),
        }),
    }),
    [mutate],
  );

  const modal = editing ? <SupplierModal supplier={editing} onClose={() => setEditing(null)} /> : null;
  return { actions, modal, editing: editing !== null };
}
