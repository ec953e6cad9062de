import { Modal } from '@mantine/core';
import type { Receipt } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { ReturnForm } from './ReturnForm';

/** 'Devolución' of the receipt action menu: the return form of that receipt. */
export function ReturnModal({ receipt, opened, onClose }: { receipt: Receipt; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={es.returns.title(receipt.id)} size="lg">
      {opened ? <ReturnForm receipt={receipt} onDone={onClose} /> : null}
    </Modal>
  );
}
