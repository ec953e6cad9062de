import {
  countedTotalCents,
  type DenominationCounts,
  MAX_DENOMINATION_COUNT,
  MXN_DENOMINATIONS,
  pesosToCents,
} from '@mostrador/shared';
import { es } from '../../i18n/es';

// The 'Cerrar caja' count as the form holds it: pieces per denomination in MXN_DENOMINATIONS
// order (an array, because a key like "0.5" would read as a nested path in @mantine/form), each
// '' while untouched.

export type PieceInputs = Array<number | string>;

export const emptyPieces = (): PieceInputs => MXN_DENOMINATIONS.map(() => '');

/** The count as POST /cash/close takes it: only the denominations with pieces. */
export function toCounts(pieces: PieceInputs): DenominationCounts {
  const result: DenominationCounts = {};
  MXN_DENOMINATIONS.forEach(({ key }, index) => {
    const count = Number(pieces[index] || 0);
    if (count > 0) result[key] = count;
  });
  return result;
}

/** A piece field's error: empty is 0; otherwise a whole number from 0 to MAX_DENOMINATION_COUNT. */
export function pieceError(value: number | string): string | null {
  if (value === '') return null;
  const count = Number(value);
  return Number.isInteger(count) && count >= 0 && count <= MAX_DENOMINATION_COUNT ? null : es.cash.close.countInvalid;
}

/** The live 'Total contado', centavos: by pieces, or the single total typed (pesos). */
export function liveCountedCents(mode: 'denominations' | 'total', pieces: PieceInputs, total: number | string): number {
  return mode === 'total' ? pesosToCents(Number(total || 0)) : countedTotalCents(toCounts(pieces));
}
