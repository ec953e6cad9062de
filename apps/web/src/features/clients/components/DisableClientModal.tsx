import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type Client, clientFullName } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useDisableClient } from '../api/clients';

/** 'Deshabilitar cliente' (the card menu's 'Eliminar'): a soft disable, the history stays. */
export function DisableClientModal({
  client,
  opened,
  onClose,
}: {
  client: Client | null;
  opened: boolean;
  onClose: () => void;
}) {
  const disable = useDisableClient();

  const confirm = () => {
    if (!client) return;
    disable.mutate(client.id, {
      onSuccess: () => {
        notifySuccess(es.clients.disabled);
        onClose();
      },
      onError: (error) => notifyFailure(es.clients.disableFailed, error),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={es.clients.disableTitle}>
      <Stack gap="md">
        <Text>{es.clients.disableQuestion(clientFullName(client) ?? '')}</Text>
        <Text size="sm" c="dimmed">
          {es.clients.disableNote}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {es.common.cancel}
          </Button>
          <Button color="red" onClick={confirm} loading={disable.isPending}>
            {es.clients.disableSubmit}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
