// The new-purchase form as data: its lines, each line's amount and the total, and the body sent
// to POST /purchase/create. No React here, so the rules are unit-tested directly.
import {
  type CreatePurchaseInput,
  hasAtMostFourDecimals,
  hasAtMostThreeDecimals,
  lineCostCents,
  MAX_PRICE,
  MAX_STOCK_CHANGE,
  PURCHASE_MESSAGES,
  type PurchasePaid,
  pesosToMicros,
  quantityProblem,
  toMilli,
} from '@mostrador/shared';

/** What a line needs of its product (a looked-up product, or a reorder or XML draft's line). */
export interface PurchaseProduct {
  id: number;
  name: string;
  units: string;
  sellsByWeight: boolean;
  /** Pesos per unit the last purchase paid; prefills the unit cost. */
  lastCost?: number | null;
}

export interface PurchaseLine {
  /** The line's own key (React's, and the focus of its fields). */
  key: number;
  product: PurchaseProduct;
  /** As typed: null while the field is empty or unreadable. */
  quantity: number | null;
  unitCost: number | null;
}

/** A purchase to start from (router state { draft } of /compras/nueva): the reorder's 'Crear compra'. */
export interface PurchaseDraft {
  supplier?: { id: number; name: string } | null;
  lines: { product: PurchaseProduct; quantity: number; unitCost: number | null }[];
}

export interface PurchaseLines {
  lines: PurchaseLine[];
  nextKey: number;
}

export const NO_LINES: PurchaseLines = { lines: [], nextKey: 1 };

/** The draft's lines, in its order. */
export function linesFromDraft(draft: PurchaseDraft | null | undefined): PurchaseLines {
  if (!draft) return NO_LINES;
  const lines = draft.lines.map((line, i) => ({
    key: i + 1,
    product: line.product,
    quantity: line.quantity,
    unitCost: line.unitCost ?? line.product.lastCost ?? null,
  }));
  return { lines, nextKey: lines.length + 1 };
}

/**
 * A product scanned or typed: onto its line when already there (the same code again is one more,
 * or `quantity` more), else a new line at the product's last cost. Returns the touched line's index.
 */
export function addProduct(
  state: PurchaseLines,
  product: PurchaseProduct,
  quantity: number | null,
): { state: PurchaseLines; index: number } {
  const amount = quantity ?? 1;
  const index = state.lines.findIndex((line) => line.product.id === product.id);
  if (index >= 0) {
    const lines = state.lines.map((line, i) =>
      i === index ? { ...line, quantity: addQuantities(line.quantity ?? 0, amount) } : line,
    );
    return { state: { ...state, lines }, index };
  }
  const line: PurchaseLine = { key: state.nextKey, product, quantity: amount, unitCost: product.lastCost ?? null };
  return { state: { lines: [...state.lines, line], nextKey: state.nextKey + 1 }, index: state.lines.length };
}

const addQuantities = (a: number, b: number) => (toMilli(a) + toMilli(b)) / 1000;

export function updateLine(
  state: PurchaseLines,
  key: number,
  change: Partial<Pick<PurchaseLine, 'quantity' | 'unitCost'>>,
) {
  return { ...state, lines: state.lines.map((line) => (line.key === key ? { ...line, ...change } : line)) };
}

export function removeLine(state: PurchaseLines, key: number): PurchaseLines {
  return { ...state, lines: state.lines.filter((line) => line.key !== key) };
}

/** Why the server would refuse the line's quantity, or null. */
export function quantityError(line: PurchaseLine): string | null {
  const { quantity } = line;
  if (quantity === null || !(quantity > 0) || !hasAtMostThreeDecimals(quantity)) return PURCHASE_MESSAGES.quantity;
  if (quantity > MAX_STOCK_CHANGE) return PURCHASE_MESSAGES.quantityMax;
  return quantityProblem(line.product, quantity);
}

/** Why the server would refuse the line's unit cost, or null. */
export function unitCostError(line: PurchaseLine): string | null {
  const { unitCost } = line;
  if (unitCost === null || !(unitCost >= 0) || !hasAtMostFourDecimals(unitCost)) return PURCHASE_MESSAGES.unitCost;
  if (unitCost > MAX_PRICE) return PURCHASE_MESSAGES.unitCostMax;
  return null;
}

/** The line's amount in centavos as the server rounds it (quantity × cost, half up); null while a field is wrong. */
export function lineAmountCents(line: PurchaseLine): number | null {
  if (quantityError(line) || unitCostError(line)) return null;
  return lineCostCents(toMilli(line.quantity!), pesosToMicros(line.unitCost!));
}

/** Σ of the lines' amounts that can be computed, centavos. */
export function purchaseTotalCents(lines: readonly PurchaseLine[]): number {
  return lines.reduce((sum, line) => sum + (lineAmountCents(line) ?? 0), 0);
}

export interface PurchaseFormValues {
  supplierId: number | null;
  /** YYYY-MM-DD (Monterrey). */
  date: string;
  invoiceFolio: string;
  paid: PurchasePaid;
  fromDrawer: boolean;
  note: string;
}

/** The first reason the purchase cannot be sent yet, or null. */
export function purchaseProblem(values: PurchaseFormValues, lines: readonly PurchaseLine[]): string | null {
  if (values.supplierId === null) return PURCHASE_MESSAGES.supplierRequired;
  if (lines.length === 0) return PURCHASE_MESSAGES.items;
  for (const line of lines) {
    const problem = quantityError(line) ?? unitCostError(line);
    if (problem) return `${line.product.name}: ${problem}`;
  }
  return null;
}

/** The body of POST /purchase/create; only valid once purchaseProblem is null. */
export function purchaseBody(values: PurchaseFormValues, lines: readonly PurchaseLine[]): CreatePurchaseInput {
  const folio = values.invoiceFolio.trim();
  const note = values.note.trim();
  return {
    supplierId: values.supplierId!,
    date: values.date,
    ...(folio ? { invoiceFolio: folio } : {}),
    items: lines.map((line) => ({ productId: line.product.id, quantity: line.quantity!, unitCost: line.unitCost! })),
    paid: values.paid,
    fromDrawer: values.paid === 'contado' && values.fromDrawer,
    ...(note ? { note } : {}),
  };
}
