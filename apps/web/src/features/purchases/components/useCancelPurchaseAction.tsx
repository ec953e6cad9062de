import { Alert, Button, Stack, Text } from '@mantine/core';
import type { Purchase } from '@mostrador/shared';
import { IconAlertTriangle, IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { openConfirm } from '../../../lib/confirm';
import { getErrorMessage } from '../../../lib/errors';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCancelPurchase } from '../api/purchases';

const t = es.purchases.detail;

/**
 * 'Cancelar compra' after a confirmation: the button, and the refusal (the stock would go below
 * zero) that stays on the page with the server's words, which name the product, until the next try.
 */
export function useCancelPurchaseAction(purchase: Purchase) {
  const cancel = useCancelPurchase();
  const [refusal, setRefusal] = useState<string | null>(null);
  const ask = () =>
    openConfirm({
      title: t.cancelTitle,
      children: (
        <Stack gap="xs">
          <Text size="sm">{t.cancelQuestion(purchase.id)}</Text>
          {purchase.fromDrawer ? (
            <Text size="sm" c="dimmed">
              {t.cancelDrawer}
            </Text>
          ) : null}
        </Stack>
      ),
      labels: { confirm: t.cancelConfirm, cancel: t.keep },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setRefusal(null);
        cancel.mutate(purchase.id, {
          onSuccess: () => notifySuccess(t.cancelled),
          onError: (error) => {
            setRefusal(getErrorMessage(error));
            notifyFailure(t.cancelFailed, error);
          },
        });
      },
    });
  const button = (
    <Button color="red" variant="light" leftSection={<IconBan size={18} />} loading={cancel.isPending} onClick={ask}>
      {t.cancel}
    </Button>
  );
  const alert = refusal ? (
    <Alert
      color="red"
      icon={<IconAlertTriangle />}
      title={t.cancelFailed}
      role="alert"
      mb="md"
      withCloseButton
      onClose={() => setRefusal(null)}
    >
      {refusal}
    </Alert>
  ) : null;
  return { button, refusal: alert };
}
