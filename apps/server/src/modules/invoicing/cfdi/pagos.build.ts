import { divRoundHalfUp, parseDecimal, pesosText, roundTo } from './decimals.js';
import type { Traslado } from './cfdi.model.js';
import type { DoctoRelacionado, Pago, Pagos, TrasladoPago } from './pagos.model.js';

// Builds the Pagos 2.0 complemento of one abono (or of a client's month, one Pago per abono) from what the database knows: the payment and,
// per invoice it reaches, the saldo before it and the invoice's tax summary. Rounding
// (decision 097, after the SAT's Guía de llenado del complemento de pagos):
// - the DoctoRelacionado's taxes are the invoice's in proportion to ImpPagado / Total:
//   BaseDR = Base × ImpPagado / Total rounded half up to the centavo; for a Tasa,
//   ImporteDR = BaseDR × TasaOCuotaDR rounded half up to the centavo (what the SAT checks); for a
//   Cuota (IEPS in pesos), ImporteDR = Importe × ImpPagado / Total rounded; an Exento has no
//   TasaOCuota nor Importe;
// - the Pago's TrasladosP are the sums of the DoctoRelacionados' by Impuesto, TipoFactor and
//   TasaOCuota (EquivalenciaDR is 1), and Totales those of IVA by rate (MXN, TipoCambioP 1).

export interface PaidInvoice {
  uuid: string;
  series: string;
  folio: number;
  totalCents: number;
  /** What the invoice still owed before this payment. */
  previousBalanceCents: number;
  installment: number;
  paidCents: number;
  /** The invoice's comprobante-level traslados (cfdi:Impuestos/cfdi:Traslados). */
  traslados: Traslado[];
}

export interface PagoInput {
  fechaPago: string;
  formaDePagoP: string;
  invoices: PaidInvoice[];
}

const cents = (text: string | undefined): bigint => {
  const value = text === undefined ? null : parseDecimal(text);
  return value ? roundTo(value, 2) : 0n;
};

function proportional(traslado: Traslado, paid: bigint, total: bigint): TrasladoPago {
  const base = divRoundHalfUp(cents(traslado.base) * paid, total);
  const common = { base: pesosText(base), impuesto: traslado.impuesto, tipoFactor: traslado.tipoFactor };
  if (traslado.tipoFactor === 'Exento') return common;
  const rate = parseDecimal(traslado.tasaOCuota ?? '0')!;
  const importe =
    traslado.tipoFactor === 'Tasa'
      ? divRoundHalfUp(base * rate.units, 10n ** BigInt(rate.scale))
      : divRoundHalfUp(cents(traslado.importe) * paid, total);
  return { ...common, tasaOCuota: traslado.tasaOCuota!, importe: pesosText(importe) };
}

function doctoOf(invoice: PaidInvoice): DoctoRelacionado {
  const paid = BigInt(invoice.paidCents);
  const total = BigInt(invoice.totalCents);
  const trasladosDR = total > 0n ? invoice.traslados.map((traslado) => proportional(traslado, paid, total)) : [];
  return {
    idDocumento: invoice.uuid,
    serie: invoice.series,
    folio: String(invoice.folio),
    monedaDR: 'MXN',
    equivalenciaDR: '1',
    numParcialidad: String(invoice.installment),
    impSaldoAnt: pesosText(invoice.previousBalanceCents),
    impPagado: pesosText(invoice.paidCents),
    impSaldoInsoluto: pesosText(invoice.previousBalanceCents - invoice.paidCents),
    objetoImpDR: trasladosDR.length > 0 ? '02' : '01',
    trasladosDR,
  };
}

/** Traslados summed by Impuesto, TipoFactor and TasaOCuota: the DoctoRelacionados' into TrasladosP, these into Totales. */
function summaryOf(taxes: TrasladoPago[]): TrasladoPago[] {
  const groups = new Map<string, { tax: TrasladoPago; base: bigint; importe: bigint }>();
  for (const tax of taxes) {
    const key = `${tax.impuesto}|${tax.tipoFactor}|${tax.tasaOCuota ?? ''}`;
    const group = groups.get(key) ?? { tax, base: 0n, importe: 0n };
    group.base += cents(tax.base);
    group.importe += cents(tax.importe);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ tax, base, importe }) => ({
    base: pesosText(base),
    impuesto: tax.impuesto,
    tipoFactor: tax.tipoFactor,
    ...(tax.tipoFactor === 'Exento' ? {} : { tasaOCuota: tax.tasaOCuota!, importe: pesosText(importe) }),
  }));
}

function pagoOf(input: PagoInput): Pago {
  const doctos = input.invoices.map(doctoOf);
  return {
    fechaPago: input.fechaPago,
    formaDePagoP: input.formaDePagoP,
    monedaP: 'MXN',
    tipoCambioP: '1',
    monto: pesosText(input.invoices.reduce((sum, invoice) => sum + invoice.paidCents, 0)),
    doctos,
    trasladosP: summaryOf(doctos.flatMap((docto) => docto.trasladosDR)),
  };
}

/**
 * The complemento of one abono (one Pago), or of a client's month (one Pago per abono, in the
 * order given: decision 097). Totales sum every Pago's TrasladosP and Monto.
 */
export function buildPagos(inputs: PagoInput | readonly PagoInput[]): Pagos {
  const pagos = (Array.isArray(inputs) ? inputs : [inputs]).map(pagoOf);
  const all = summaryOf(pagos.flatMap((pago) => pago.trasladosP));
  const monto = pagos.reduce((sum, pago) => sum + cents(pago.monto), 0n);
  const iva = (tasa: string) =>
    all.find((tax) => tax.impuesto === '002' && tax.tipoFactor === 'Tasa' && tax.tasaOCuota === tasa);
  const exento = all.find((tax) => tax.impuesto === '002' && tax.tipoFactor === 'Exento');
  const [iva16, iva8, iva0] = [iva('0.160000'), iva('0.080000'), iva('0.000000')];
  return {
    version: '2.0',
    totales: {
      ...(iva16 ? { totalTrasladosBaseIVA16: iva16.base, totalTrasladosImpuestoIVA16: iva16.importe! } : {}),
      ...(iva8 ? { totalTrasladosBaseIVA8: iva8.base, totalTrasladosImpuestoIVA8: iva8.importe! } : {}),
      ...(iva0 ? { totalTrasladosBaseIVA0: iva0.base, totalTrasladosImpuestoIVA0: iva0.importe! } : {}),
      ...(exento ? { totalTrasladosBaseIVAExento: exento.base } : {}),
      montoTotalPagos: pesosText(monto),
    },
    pagos,
  };
}
