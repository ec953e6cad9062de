import { lineTaxes, type PaymentMethod, type TaxTerms } from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import { type CfdiLine, type Concepto, conceptsFromLines } from './cfdi/index.js';
import { withinProductLimits } from './cfdi/arithmetic.js';
import { parseDecimal } from './cfdi/decimals.js';
import * as q from './invoicing.queries.js';

// What an invoice says of its receipts: their lines net of returns (sold − returned quantity and
// split, as stored: nothing is recomputed from prices), and how they were paid.

/** A receipt's net lines, in the order sold; a line returned whole is left out. */
export async function netLinesOf(db: Executor, receiptIds: readonly number[]): Promise<Map<number, CfdiLine[]>> {
  const [items, returned] = await Promise.all([q.findItems(db, receiptIds), q.findReturnedByItem(db, receiptIds)]);
  const back = new Map(returned.map((row) => [row.itemId, row]));
  const lines = new Map<number, CfdiLine[]>(receiptIds.map((id) => [id, []]));
  for (const item of items) {
    const r = back.get(item.id);
    const quantityMilli = Number(item.quantityMilli) - Number(r?.quantityMilli ?? 0);
    if (quantityMilli <= 0) continue;
    lines.get(item.receiptId)?.push({
      productName: item.productName,
      units: item.units,
      quantityMilli,
      satProductCode: item.satProductCode,
      satUnitCode: item.satUnitCode,
      ivaRate: item.ivaRate,
      iepsRatePpm: item.iepsRatePpm === null ? null : Number(item.iepsRatePpm),
      iepsQuotaMicros: item.iepsQuotaMicros === null ? null : Number(item.iepsQuotaMicros),
      baseCents: Number(item.baseCents) - Number(r?.baseCents ?? 0),
      iepsCents: Number(item.iepsCents) - Number(r?.iepsCents ?? 0),
      ivaCents: Number(item.ivaCents) - Number(r?.ivaCents ?? 0),
    });
  }
  return lines;
}

/** c_FormaPago of the shop's payment methods (a card is taken as a credit card: 04). */
export const FORMA_PAGO: Record<PaymentMethod, string> = { Efectivo: '01', Tarjeta: '04', Transferencia: '03' };

/** The FormaPago of receipts paid in full: the method that brought the largest amount (Efectivo when none). */
export async function paymentFormOf(db: Executor, receiptIds: readonly number[]): Promise<string> {
  const rows = await q.findPaidByMethod(db, receiptIds);
  const [largest] = rows
    .map((row) => ({ method: row.method, cents: Number(row.cents) }))
    .filter((row) => row.cents > 0)
    .sort((a, b) => b.cents - a.cents || a.method.localeCompare(b.method));
  return FORMA_PAGO[largest?.method ?? 'Efectivo'];
}

// ——— Factura global: one Concepto per receipt (per tax combination within it) ———

const GLOBAL_PRODUCT_CODE = '01010101';
const GLOBAL_UNIT_CODE = 'ACT';
const GLOBAL_DESCRIPTION = 'Venta';

const termsKey = (line: CfdiLine) => `${line.ivaRate}|${line.iepsRatePpm ?? ''}|${line.iepsQuotaMicros ?? ''}`;

/** Whether every taxed traslado of the concept is within Anexo 20's Base × TasaOCuota limits. */
function taxesWithinLimits(concepto: Concepto): boolean {
  return concepto.traslados.every((traslado) => {
    if (traslado.tipoFactor === 'Exento') return true;
    const base = parseDecimal(traslado.base);
    const rate = parseDecimal(traslado.tasaOCuota ?? '');
    const importe = parseDecimal(traslado.importe ?? '');
    return Boolean(base && rate && importe && withinProductLimits(importe, base, rate, true));
  });
}

/**
 * A receipt's concepts on a factura global: ClaveProdServ 01010101, ClaveUnidad ACT, Cantidad 1,
 * NoIdentificacion the receipt's folio, Descripcion 'Venta'. A concept carries one traslado per
 * tax, so a receipt that mixes tax combinations (16 % and 0 %) gives one concept per
 * combination. Its amounts are the sums of the stored line splits; summing lines each rounded to
 * the centavo can leave Anexo 20's Base × TasaOCuota tolerance (seven $1.00 lines at 16 %: base
 * 6.02, IVA 0.98, while 6.02 × 0.16 = 0.9632), and then the combination's total is split again as
 * one line (the same rule as a sale's, lineTaxes): the receipt's total stays exact, cents move
 * between base and tax.
 */
export function globalConceptsOf(receiptId: number, lines: readonly CfdiLine[]): Concepto[] {
  const groups = new Map<string, CfdiLine>();
  for (const line of lines) {
    const key = termsKey(line);
    const sum = groups.get(key);
    groups.set(
      key,
      sum
        ? {
            ...sum,
            quantityMilli: sum.quantityMilli + line.quantityMilli,
            baseCents: sum.baseCents + line.baseCents,
            iepsCents: sum.iepsCents + line.iepsCents,
            ivaCents: sum.ivaCents + line.ivaCents,
          }
        : {
            ...line,
            productName: GLOBAL_DESCRIPTION,
            units: null,
            identification: String(receiptId),
            satProductCode: GLOBAL_PRODUCT_CODE,
            satUnitCode: GLOBAL_UNIT_CODE,
          },
    );
  }
  return [...groups.values()].map((group) => {
    let concepto = asOneUnit(group);
    if (!taxesWithinLimits(concepto)) {
      const terms: TaxTerms = {
        ivaRate: group.ivaRate,
        iepsRatePpm: group.iepsRatePpm,
        iepsQuotaMicros: group.iepsQuotaMicros,
      };
      const total = group.baseCents + group.iepsCents + group.ivaCents;
      concepto = asOneUnit({ ...group, ...lineTaxes(total, group.quantityMilli, terms) });
    }
    return concepto;
  });
}

/** The group as one concept of Cantidad 1 (an IEPS cuota keeps the quantity as its Base). */
function asOneUnit(group: CfdiLine): Concepto {
  const [concepto] = conceptsFromLines([group]) as [Concepto];
  return { ...concepto, cantidad: '1', valorUnitario: concepto.importe };
}
