import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { canAuthorize, type User } from '@mostrador/shared';
import { IconShieldOff } from '@tabler/icons-react';
import { es } from '../../../i18n/es';
import { openConfirm } from '../../../lib/confirm';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useClearSupervisorPin } from '../api/pin';

const t = es.supervisors.pin;

/**
 * The users screen's 'Quitar PIN de supervisor' of a Manager or Admin (a forgotten or shared
 * PIN): after it they authorise with their password until they set another. Nothing for a Seller.
 */
export function ClearPinButton({ user }: { user: Pick<User, 'id' | 'name' | 'role'> }) {
  const clear = useClearSupervisorPin();
  if (!canAuthorize(user.role)) return null;
  const ask = () =>
    openConfirm({
      title: t.clear,
      children: <Text size="sm">{t.clearQuestion(user.name)}</Text>,
      labels: { confirm: t.clearConfirm, cancel: es.common.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        clear.mutate(
          { userId: user.id },
          {
            onSuccess: () => notifySuccess(t.cleared(user.name)),
            onError: (error) => notifyFailure(t.clearFailed, error),
          },
        ),
    });
  return (
    <Tooltip label={t.clear}>
      <ActionIcon variant="subtle" aria-label={`${t.clear} ${user.name}`} onClick={ask} loading={clear.isPending}>
        <IconShieldOff size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
