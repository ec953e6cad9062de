import { cfdiDateTime, describe, money, serieFolio } from './invoice-texts.js';
import type { Field } from './invoice-view.js';
import type { StampedPago } from './stamped-pagos.js';

// What the printed complemento de pago says of its Pagos: each pago (date, forma, moneda, monto)
// and each DoctoRelacionado (the invoice paid, its parcialidad and saldos), as titled boxes of
// labelled values that the letter and roll layouts arrange like the invoice's.

export const PAGOS_PDF_TEXTS = {
  title: 'Complemento de pago',
  pago: 'Pago recibido',
  fechaPago: 'Fecha de pago',
  formaDePago: 'Forma de pago',
  moneda: 'Moneda',
  monto: 'Monto',
  docto: (folio: string, uuid: string) => `Documento relacionado ${folio ? `${folio} · ` : ''}${uuid}`,
  parcialidad: 'Parcialidad',
  saldoAnterior: 'Saldo anterior',
  pagado: 'Importe pagado',
  saldoInsoluto: 'Saldo insoluto',
  objeto: 'Objeto de impuesto',
} as const;

const T = PAGOS_PDF_TEXTS;

export interface PagosBox {
  title: string;
  fields: Field[];
}

export function pagosView(pagos: StampedPago[]): PagosBox[] {
  return pagos.flatMap((pago) => [
    {
      title: T.pago,
      fields: [
        { label: T.fechaPago, value: cfdiDateTime(pago.fechaPago) },
        { label: T.formaDePago, value: describe.form(pago.formaDePagoP) },
        { label: T.moneda, value: pago.monedaP },
        { label: T.monto, value: money(pago.monto) },
      ],
    },
    ...pago.doctos.map((docto) => ({
      title: T.docto(serieFolio(docto.serie, docto.folio), docto.idDocumento),
      fields: [
        { label: T.parcialidad, value: docto.numParcialidad },
        { label: T.saldoAnterior, value: money(docto.impSaldoAnt) },
        { label: T.pagado, value: money(docto.impPagado) },
        { label: T.saldoInsoluto, value: money(docto.impSaldoInsoluto) },
        { label: T.objeto, value: describe.taxObject(docto.objetoImpDR) },
      ],
    })),
  ]);
}
