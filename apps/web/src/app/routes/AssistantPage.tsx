import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilePlus, IconMicrophone, IconRefresh } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { AssistantModal } from '../../features/assistant/components/AssistantModal';
import { AssistantOverview } from '../../features/assistant/components/AssistantOverview';
import { buildInstructions } from '../../features/assistant/realtime/protocol';
import { runTool } from '../../features/assistant/realtime/tool';
import { useRealtimeSession } from '../../features/assistant/realtime/useRealtimeSession';
import { useClients } from '../../features/clients/api/clients';
import { useProducts } from '../../features/products/api/products';
import { useCreateReceiptModal } from '../../features/receipts/components/useCreateReceiptModal';
import { es } from '../../i18n/es';
import { notifyError, notifySuccess } from '../../lib/notify';

const t = es.assistant;

/** The assistant screen: a live voice session that prefills a new receipt for a person to confirm. */
export default function AssistantPage() {
  const products = useProducts();
  const clients = useClients();
  const receipt = useCreateReceiptModal();
  const [calling, call] = useDisclosure(false);
  const [refreshing, setRefreshing] = useState(false);

  const instructions = useMemo(
    () => buildInstructions(products.data ?? [], clients.data ?? []),
    [products.data, clients.data],
  );
  const catalogue = useMemo(
    () => ({
      productIds: new Set((products.data ?? []).map((p) => p.id)),
      clientIds: new Set((clients.data ?? []).filter((c) => c.isEnabled).map((c) => c.id)),
    }),
    [products.data, clients.data],
  );
  const { open: openReceipt } = receipt;
  // A good create_receipt call opens the form filled in; nothing is sold until its button is clicked.
  const onToolCall = useCallback(
    (name: string, args: string) => {
      const result = runTool(name, args, catalogue);
      if (result.prefill) openReceipt(result.prefill);
      return result;
    },
    [catalogue, openReceipt],
  );
  const session = useRealtimeSession({ active: calling, instructions, onToolCall });

  // Reloads what the assistant knows; a live session gets the new instructions at once.
  const refresh = async () => {
    setRefreshing(true);
    try {
      const [productsResult, clientsResult] = await Promise.all([products.refetch(), clients.refetch()]);
      if (productsResult.isError) notifyError(t.catalog.productsError);
      else if (clientsResult.isError) notifyError(t.catalog.clientsError);
      else notifySuccess(t.refreshed);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <>
            <Button variant="default" leftSection={<IconFilePlus size={18} />} onClick={() => receipt.open()}>
              {t.createReceipt}
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} />}
              loading={refreshing}
              onClick={() => void refresh()}
            >
              {t.refresh}
            </Button>
            <Button leftSection={<IconMicrophone size={18} />} onClick={call.open}>
              {t.call}
            </Button>
          </>
        }
      />
      <AssistantOverview products={products} clients={clients} status={session.status} />
      <AssistantModal
        opened={calling}
        onClose={call.close}
        session={session}
        covered={receipt.opened}
        onRefresh={() => void refresh()}
        refreshing={refreshing}
      />
      {receipt.modal}
    </>
  );
}
