import type { CfdiDraft, CfdiDraftLine } from '@mostrador/shared';
import type { ProductPrefill } from '../products';

// A supplier's draft under review: the product chosen for each line (its match, or the user's
// pick), and the purchase/create body it becomes once every line has one.

export type PurchasePaid = 'contado' | 'crédito';

/** POST /purchase/create's body as this screen sends it (the contract of issue 37). */
export interface PurchaseFromCfdi {
  supplierId?: number;
  supplier?: { name: string; rfc: string };
  date: string;
  invoiceFolio?: string;
  cfdiUuid: string;
  paid: PurchasePaid;
  items: Array<{ productId: number; quantity: number; unitCost: number; supplierCode?: string }>;
}

/** purchase/create's longest folio and supplier code. */
const MAX_FOLIO = 40;
const MAX_SUPPLIER_CODE = 60;

/** The product of each line by index: the user's pick over the draft's match; null when none yet. */
export function chosenProducts(draft: CfdiDraft, picks: ReadonlyMap<number, number>): Array<number | null> {
  return draft.lines.map((line, index) => picks.get(index) ?? line.match?.productId ?? null);
}

export const missingProducts = (chosen: ReadonlyArray<number | null>) => chosen.filter((id) => id === null).length;

/** The body to confirm the draft, or null while a line has no product. */
export function purchaseBody(
  draft: CfdiDraft,
  chosen: ReadonlyArray<number | null>,
  paid: PurchasePaid,
): PurchaseFromCfdi | null {
  if (missingProducts(chosen) > 0) return null;
  return {
    ...(draft.supplier.id !== null
      ? { supplierId: draft.supplier.id }
      : { supplier: { name: draft.supplier.name, rfc: draft.supplier.rfc } }),
    date: draft.date,
    ...(draft.invoiceFolio ? { invoiceFolio: draft.invoiceFolio.slice(0, MAX_FOLIO) } : {}),
    cfdiUuid: draft.cfdiUuid,
    paid,
    items: draft.lines.map((line, index) => ({
      productId: chosen[index]!,
      quantity: line.quantity,
      unitCost: line.unitCost,
      ...(line.supplierCode && line.supplierCode.length <= MAX_SUPPLIER_CODE
        ? { supplierCode: line.supplierCode }
        : {}),
    })),
  };
}

/** The shop's unit for a SAT unit key, else the supplier's Unidad in lower case. */
const SHOP_UNITS: Record<string, string> = {
  H87: 'pza',
  KGM: 'kg',
  GRM: 'g',
  LTR: 'l',
  MTR: 'm',
  XBX: 'caja',
  XPK: 'paquete',
};

/** What the product form starts from when the user creates the line's product. */
export function prefillOf(line: CfdiDraftLine): ProductPrefill {
  return {
    name: line.description.slice(0, 120),
    cuid: line.supplierCode ?? '',
    units: SHOP_UNITS[line.satUnitCode] ?? line.units.toLowerCase().slice(0, 20),
    ...(line.ivaRate ? { ivaRate: line.ivaRate } : {}),
    satProductCode: line.satProductCode,
    satUnitCode: line.satUnitCode,
  };
}

/** The line's cost in centavos as purchase/create will store it: quantity × unit cost, half up. */
export const lineAmountCents = (line: Pick<CfdiDraftLine, 'quantity' | 'unitCost'>) =>
  Math.round((Math.round(line.quantity * 1000) * Math.round(line.unitCost * 10_000)) / 100_000);
