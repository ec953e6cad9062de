import { formatDateTime, formatPayment, pesosToCents } from '@mostrador/shared';
import { plainSpaces } from '../../lib/fold-text.js';
import type { AbonoTicketData } from '../credit/credit.service.js';
import type { BusinessInfo, Ticket } from './ticket.js';

// An abono to a client's account laid out as a ticket (the same PDF and ESC/POS layouts as a
// receipt): the amount, the receipts it reached (oldest first) and the saldo left.

export const ABONO_TEXTS = {
  folio: 'Abono a cuenta',
  date: 'Fecha',
  client: 'Cliente',
  cashier: 'Cobró',
  method: 'Forma de pago',
  receipt: 'Remisión',
  amount: 'Abonado',
  receiptLine: (id: number) => `Remisión #${id}`,
  total: 'Abono',
  balance: 'Saldo pendiente',
} as const;
const A = ABONO_TEXTS;

const money = (pesos: number) => formatPayment(pesosToCents(pesos));

export function abonoTicket(abono: AbonoTicketData, business: BusinessInfo): Ticket {
  return {
    business,
    folio: A.folio,
    rows: [
      { label: A.date, value: plainSpaces(formatDateTime(abono.at)) },
      { label: A.client, value: abono.client.name },
      { label: A.cashier, value: abono.cashier },
      { label: A.method, value: abono.method },
    ],
    itemsHeading: { label: A.receipt, value: A.amount, bold: true },
    items: abono.payments.map((p) => ({ name: A.receiptLine(p.receiptId), detail: '', total: money(p.amount) })),
    totals: [
      { label: A.total, value: money(abono.amount), bold: true },
      { label: A.balance, value: money(abono.balance), bold: true },
    ],
    payments: null,
  };
}
