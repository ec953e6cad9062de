import { formatPayment, pesosToCents } from '@mostrador/shared';

/** Cash is checked to the centavo: every amount with its two decimals. */
export const money = (pesos: number) => formatPayment(pesosToCents(pesos));

/** A difference with its sign: '+$20.00', '-$35.50', '$0.00'. */
export const signedMoney = (pesos: number) =>
  pesos > 0 ? `+${money(pesos)}` : pesos < 0 ? `-${money(-pesos)}` : money(0);
