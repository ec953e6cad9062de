import { Button, Group, Modal } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type Client, registerClientBodySchema } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useEditClient } from '../api/clients';
import { ClientFormFields, type ClientFormValues, clientFormValues } from './ClientFormFields';

/** 'Editar cliente': 'Guardar cambios' is enabled only once a field differs. */
export function EditClientModal({
  client,
  opened,
  onClose,
}: {
  client: Client | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={es.clients.editTitle}>
      {/* Keyed by client: every opening starts from that client's current values. */}
      {client ? <EditClientForm key={`${client.id}-${opened}`} client={client} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditClientForm({ client, onClose }: { client: Client; onClose: () => void }) {
  const edit = useEditClient();
  const form = useForm<ClientFormValues>({
    mode: 'controlled',
    initialValues: clientFormValues(client),
    validate: schemaResolver(registerClientBodySchema, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    edit.mutate(
      { id: client.id, ...values },
      {
        onSuccess: () => {
          notifySuccess(es.clients.updated);
          onClose();
        },
        onError: (error) => notifyFailure(es.clients.updateFailed, error),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <ClientFormFields form={form} />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {es.common.cancel}
        </Button>
        <Button type="submit" disabled={!form.isDirty()} loading={edit.isPending}>
          {es.clients.saveChanges}
        </Button>
      </Group>
    </form>
  );
}
