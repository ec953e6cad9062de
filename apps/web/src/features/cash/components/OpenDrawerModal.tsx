import { Button, Modal } from '@mantine/core';
import { es } from '../../../i18n/es';
import { OpenShiftFields } from './OpenShiftForm';

const t = es.cash.open;

/**
 * The counter's 'Abrir caja' before the first cash sale of a user with no drawer open. Where the
 * shop does not require a drawer (CASH_REQUIRES_SHIFT=false) the cashier may charge without one:
 * that cash shows in the cut as 'Efectivo fuera de turno'.
 */
export function OpenDrawerModal({
  required,
  onOpened,
  onSkip,
  onClose,
}: {
  required: boolean;
  onOpened: () => void;
  onSkip: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={t.title} closeOnClickOutside={false}>
      <OpenShiftFields
        hint={t.atCounter}
        onOpened={onOpened}
        extra={
          required ? null : (
            <Button variant="subtle" onClick={onSkip}>
              {t.skip}
            </Button>
          )
        }
      />
    </Modal>
  );
}
