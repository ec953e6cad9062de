import { useDisclosure } from '@mantine/hooks';
import { type Client, meetsRequirement, PROTECTED_ACTIONS } from '@mostrador/shared';
import { useMemo, useState } from 'react';
import { useAuth } from '../../auth';
import { DisableClientModal } from './DisableClientModal';
import { EditClientModal } from './EditClientModal';

export interface ClientActions {
  edit(client: Client): void;
  disable(client: Client): void;
}

/**
 * Editar / Eliminar for Protected-level users (Admin, Manager): one pair of modals per page, whatever
 * the number of cards. `actions` is null for other roles, so cards show no menu.
 */
export function useClientActions() {
  const { role } = useAuth();
  const [editing, setEditing] = useState<Client | null>(null);
  const [disabling, setDisabling] = useState<Client | null>(null);
  const [editOpened, editModal] = useDisclosure(false);
  const [disableOpened, disableModal] = useDisclosure(false);

  const allowed = meetsRequirement(role, PROTECTED_ACTIONS);
  const { open: openEdit } = editModal;
  const { open: openDisable } = disableModal;
  // Stable, so memoized cards do not re-render when a modal opens.
  const actions = useMemo<ClientActions | null>(
    () =>
      allowed
        ? {
            edit: (client) => {
              setEditing(client);
              openEdit();
            },
            disable: (client) => {
              setDisabling(client);
              openDisable();
            },
          }
        : null,
    [allowed, openEdit, openDisable],
  );

  const modals = actions ? (
    <>
      <EditClientModal client={editing} opened={editOpened} onClose={editModal.close} />
      <DisableClientModal client={disabling} opened={disableOpened} onClose={disableModal.close} />
    </>
  ) : null;

  return { actions, modals, modalOpened: editOpened || disableOpened };
}
