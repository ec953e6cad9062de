// Which state changes a receipt can take. The server refuses the others with these messages, and
// the change-state dialog disables them and shows the same reason before anyone tries.
import type { ReceiptState } from './enums.js';

/** The state as a word inside a sentence ('La remisión #4 ya está pagada.'). */
export const RECEIPT_STATE_WORDS: Record<ReceiptState, string> = {
  Pending: 'pendiente',
  Paid: 'pagada',
  Cancelled: 'cancelada',
};

/**
 * Why a change always fails: the receipt already has that state; a cancelled receipt never
 * changes again (its stock and money went back); Pending needs something left to pay.
 */
export type StateChangeRefusal = 'same-state' | 'cancelled' | 'nothing-owed';

export function stateChangeRefusal(
  receipt: { state: ReceiptState; balanceCents: number },
  target: ReceiptState,
): StateChangeRefusal | null {
  if (receipt.state === target) return 'same-state';
  if (receipt.state === 'Cancelled') return 'cancelled';
  if (target === 'Pending' && receipt.balanceCents <= 0) return 'nothing-owed';
  return null;
}

export function stateChangeRefusalMessage(refusal: StateChangeRefusal, id: number, target: ReceiptState): string {
  switch (refusal) {
    case 'same-state':
      return `La remisión #${id} ya está ${RECEIPT_STATE_WORDS[target]}.`;
    case 'cancelled':
      return `La remisión #${id} está cancelada; una remisión cancelada ya no cambia de estado.`;
    case 'nothing-owed':
      return `La remisión #${id} está pagada por completo; para dejarla pendiente cancela primero uno de sus pagos.`;
  }
}

/** A receipt in an invoice (its own or a global) is not cancelled until the invoice is. */
export const INVOICED_RECEIPT_CANCEL_MESSAGE = (id: number, invoice: string) =>
  `La remisión #${id} está en la factura ${invoice}: cancela primero la factura en Facturas.`;
