import { Radio, Stack, Text } from '@mantine/core';
import { formatDateTime, type OpenDrawersResponse } from '@mostrador/shared';
import { api } from '../../lib/api';
import { openConfirm } from '../../lib/confirm';
import { getErrorCode, getServerMessage } from '../../lib/errors';
import { es } from '../../i18n/es';

const t = es.cash.drawerChoice;

/** Asks which open drawer the cash goes through; null when the user cancels or none is open. */
async function pickDrawer(reason: string): Promise<number | null> {
  const { drawers } = (await api.get<OpenDrawersResponse>('/cash/openDrawers')).data;
  if (drawers.length === 0) return null;
  let chosen = drawers[0]!.shiftId;
  return new Promise((resolve) =>
    openConfirm({
      title: t.title,
      children: (
        <Stack gap="sm">
          <Text size="sm">{reason}</Text>
          <Radio.Group defaultValue={String(chosen)} onChange={(value) => (chosen = Number(value))} label={t.label}>
            <Stack gap={6} mt={6}>
              {drawers.map((drawer) => (
                <Radio
                  key={drawer.shiftId}
                  value={String(drawer.shiftId)}
                  label={t.option(drawer.user.name, formatDateTime(drawer.openedAt))}
                />
              ))}
            </Stack>
          </Radio.Group>
        </Stack>
      ),
      labels: { confirm: t.confirm, cancel: es.common.cancel },
      confirmProps: { 'data-autofocus': true },
      onConfirm: () => resolve(chosen),
      onCancel: () => resolve(null),
    }),
  );
}

/**
 * Sends a request that moves cash (a refund, an abono). When the user has no drawer of their own
 * and others are open, the server asks which one (409 DRAWER_REQUIRED): the user picks it and the
 * same request goes again naming it. A refused request wrote nothing, its Idempotency-Key included.
 */
export async function withDrawerChoice<T>(send: (shiftId?: number) => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (getErrorCode(error) !== 'DRAWER_REQUIRED') throw error;
    const shiftId = await pickDrawer(getServerMessage(error) ?? t.title);
    if (shiftId === null) throw error;
    return send(shiftId);
  }
}
