import { formatTotal, pesosToCents } from '@mostrador/shared';

/** A cost from the API (pesos, already to the centavo) as '$12.40'. */
export const formatTotalPesos = (pesos: number) => formatTotal(pesosToCents(pesos));
