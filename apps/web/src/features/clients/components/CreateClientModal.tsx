import { Button, Group, Modal } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type Client, registerClientBodySchema } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCreateClient } from '../api/clients';
import { ClientFormFields, type ClientFormValues, emptyClientForm } from './ClientFormFields';

/**
 * 'Crear cliente': from the clients list and from the receipt form ("create new client"), which
 * selects the new client through `onCreated`.
 */
export function CreateClientModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated?: (client: Client) => void;
}) {
  const create = useCreateClient();
  const form = useForm<ClientFormValues>({
    mode: 'uncontrolled',
    initialValues: emptyClientForm,
    validate: schemaResolver(registerClientBodySchema, { sync: true }),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (client) => {
        notifySuccess(es.clients.created);
        form.reset();
        onCreated?.(client);
        onClose();
      },
      onError: (error) => notifyFailure(es.clients.createFailed, error),
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title={es.clients.create}>
      <form onSubmit={submit} noValidate>
        <ClientFormFields form={form} />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            {es.common.cancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {es.clients.createSubmit}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
