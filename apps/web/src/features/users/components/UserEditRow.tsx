import { Button, Group, Select, Switch, Table, TextInput } from '@mantine/core';
import { type EditUserInput, ROLES, type Role, type User } from '@mostrador/shared';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useEditUser } from '../api/users';

type Draft = Pick<User, 'name' | 'email' | 'role' | 'isEnabled'>;

/** What changed, so the request carries only that (an unchanged e-mail is not re-checked). */
function changesOf(user: User, draft: Draft): EditUserInput {
  const changes: EditUserInput = { id: user.id };
  if (draft.name !== user.name) changes.name = draft.name;
  if (draft.email !== user.email) changes.email = draft.email;
  if (draft.role !== user.role) changes.role = draft.role;
  if (draft.isEnabled !== user.isEnabled) changes.isEnabled = draft.isEnabled;
  return changes;
}

/** A user's row in edit mode: saved through the API; on a refusal the row stays open with the reason. */
export function UserEditRow({ user, onDone }: { user: User; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(user);
  const edit = useEditUser();
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const save = () =>
    edit.mutate(changesOf(user, draft), {
      onSuccess: (saved) => {
        notifySuccess(es.users.updated(saved.name));
        onDone();
      },
      onError: (error) => notifyFailure(es.users.updateFailed, error),
    });

  return (
    <Table.Tr>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={es.users.columns.name}
          value={draft.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          type="email"
          aria-label={es.users.columns.email}
          value={draft.email}
          onChange={(e) => set({ email: e.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td>
        <Select
          size="xs"
          aria-label={es.users.columns.role}
          data={ROLES.map((role) => ({ value: role, label: es.layout.roles[role] }))}
          allowDeselect={false}
          value={draft.role}
          onChange={(role) => role && set({ role: role as Role })}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          label={es.users.enabled}
          checked={draft.isEnabled}
          onChange={(e) => set({ isEnabled: e.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" onClick={save} loading={edit.isPending}>
            {es.users.save}
          </Button>
          <Button size="xs" variant="default" onClick={onDone}>
            {es.users.cancel}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
