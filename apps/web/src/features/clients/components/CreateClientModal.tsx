import { Button, Group, Modal } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { canSetCreditTerms, type Client, registerClientBodySchema } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useAuth } from '../../auth';
import { useCreateClient } from '../api/clients';
import { clientFormBody, ClientFormFields, type ClientFormValues, emptyClientForm } from './ClientFormFields';

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
  // A Seller's client gets the shop's credit terms: the form neither shows nor sends them.
  const creditTerms = canSetCreditTerms(useAuth().role);
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
    create.mutate(clientFormBody(values, creditTerms), {
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
        <ClientFormFields form={form} creditTerms={creditTerms} />
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
