import {
  parseQuantityInput,
  pesosToCents,
  type Receipt,
  refundCents,
  returnableMilli,
  returnLineCents,
  returnLineProblem,
  returnLineProblemMessage,
  toMilli,
  hasAtMostThreeDecimals,
} from '@mostrador/shared';

// The return form's rules (unit-tested): the folio typed or scanned, and what a return of the
// typed quantities is worth and gives back, by the shared rules the server applies.

const FOLIO = /^\s*(?:remisi[oó]n|folio|r)?\s*[-#:]?\s*0*(\d{1,10})\s*$/i;

/**
 * The receipt number in what was typed or scanned: '123', '#123', 'Remisión #123' (as tickets
 * print it), 'R-000123'. Null when it is not one.
 */
export function parseFolio(text: string): number | null {
  const match = FOLIO.exec(text);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** One line of the form: what was sold, what came back before, what may still come back. */
export interface ReturnFormLine {
  itemId: number;
  name: string;
  units: string;
  priceCents: number;
  soldMilli: number;
  returnedMilli: number;
  returnableMilli: number;
}

/**
 * The form's lines. Whether a product is sold by weight is the server's to check (a receipt does
 * not carry it): the form allows fractions and the server refuses a fraction of a piece.
 */
export function returnFormLines(receipt: Pick<Receipt, 'items'>) {
  return receipt.items.map((item): ReturnFormLine => {
    const soldMilli = toMilli(item.quantity);
    const returnedMilli = toMilli(item.returnedQuantity);
    return {
      itemId: item.id,
      name: item.product.name,
      units: item.product.units,
      priceCents: pesosToCents(item.price),
      soldMilli,
      returnedMilli,
      returnableMilli: returnableMilli({ soldMilli, returnedMilli }),
    };
  });
}

export interface ReturnPreview {
  items: Array<{ itemId: number; quantity: number }>;
  /** Per line, the problem with what was typed (Spanish), if any. */
  errors: Record<number, string>;
  amountCents: number;
  refundCents: number;
}

/** What the typed quantities (itemId → text) return and give back, and what is wrong with them. */
export function returnPreview(
  receipt: Pick<Receipt, 'balance'>,
  lines: readonly ReturnFormLine[],
  typed: Readonly<Record<number, string>>,
): ReturnPreview {
  const preview: ReturnPreview = { items: [], errors: {}, amountCents: 0, refundCents: 0 };
  for (const line of lines) {
    const text = (typed[line.itemId] ?? '').trim();
    if (text === '') continue;
    const quantity = parseQuantityInput(text);
    if (quantity === null || !hasAtMostThreeDecimals(quantity)) {
      preview.errors[line.itemId] = 'Escribe una cantidad con hasta 3 decimales.';
      continue;
    }
    const milli = toMilli(quantity);
    if (milli === 0) continue;
    const problem = returnLineProblem(
      {
        productName: line.name,
        units: line.units,
        soldMilli: line.soldMilli,
        returnedMilli: line.returnedMilli,
        sellsByWeight: true,
      },
      milli,
    );
    if (problem) {
      preview.errors[line.itemId] = returnLineProblemMessage(problem);
      continue;
    }
    preview.items.push({ itemId: line.itemId, quantity });
    preview.amountCents += returnLineCents(line, milli);
  }
  preview.refundCents = refundCents({ balanceCents: pesosToCents(receipt.balance) }, preview.amountCents);
  return preview;
}
