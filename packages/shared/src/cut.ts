// Texts of the day's cut shared by the server's PDF and the web screen. Plain constants, apart
// from the schemas (schemas/reports.ts), so the web app's texts can name them without loading zod.

import { PAYMENT_MODE_LABELS, type PaymentMethod, type PaymentMode } from './enums.js';

/** The title of a cut's section listing what was recorded into its day after the previous cut. */
export const CUT_LATE_TITLE = 'Registrado después del corte anterior';

/**
 * A cut sales row's 'Forma de pago': the payment mode ('Efectivo', 'Crédito'), and for a cash sale
 * paid otherwise than in cash, how: 'Efectivo · Tarjeta', 'Efectivo · Transferencia'. A cut made
 * before payment methods has no method: the mode alone.
 */
export function cutPaymentLabel(row: { paymentMode: PaymentMode; method?: PaymentMethod | null }): string {
  const mode = PAYMENT_MODE_LABELS[row.paymentMode];
  return row.paymentMode === 'Cash' && row.method && row.method !== 'Efectivo' ? `${mode} · ${row.method}` : mode;
}
