import { centsToPesos, type InvoiceDetails, type InvoiceSummary, toIso } from '@mostrador/shared';
import type { InvoiceRow } from '../../db/schema.js';

// An invoice's row as the API answers it; its concepts read back from the sealed XML (the
// document itself, so what the screen shows is what was stamped).

/** A nota de crédito's link: the receipt it credits and the invoice it relates (credit.queries.ts). */
export type CreditLink = { receiptId: number; relatedInvoice: NonNullable<InvoiceSummary['relatedInvoice']> };

export function summaryOf(row: InvoiceRow, receiptIds: number[], credit?: CreditLink): InvoiceSummary {
  return {
    id: row.id,
    kind: row.kind,
    series: row.series,
    folio: Number(row.folio),
    uuid: row.uuid,
    status: row.status,
    issuedAt: toIso(Number(row.issuedAt)),
    stampedAt: row.stampedAt === null ? null : toIso(Number(row.stampedAt)),
    clientId: row.clientId,
    receiverRfc: row.receiverRfc,
    receiverName: row.receiverName,
    cfdiUse: row.cfdiUse,
    paymentMethod: row.paymentMethod,
    paymentForm: row.paymentForm,
    subtotal: centsToPesos(Number(row.subtotalCents)),
    ieps: centsToPesos(Number(row.iepsCents)),
    iva: centsToPesos(Number(row.ivaCents)),
    total: centsToPesos(Number(row.totalCents)),
    receiptIds: credit ? [credit.receiptId] : receiptIds,
    pacMessage: row.pacMessage,
    global:
      row.kind === 'global' && row.globalPeriodicity && row.globalFrom && row.globalTo
        ? { periodicity: row.globalPeriodicity, from: row.globalFrom, to: row.globalTo }
        : null,
    cancelMotive: row.cancelMotive,
    replacementUuid: row.replacementUuid,
    relatedInvoice: credit?.relatedInvoice ?? null,
  };
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
  '&#9;': '\t',
  '&#10;': '\n',
  '&#13;': '\r',
};
const unescape = (value: string) =>
  value.replace(/&(?:amp|lt|gt|quot|apos|#9|#10|#13);/g, (entity) => ENTITIES[entity] ?? entity);

/** The attributes of each cfdi:Concepto of a CFDI this server wrote (attributes only, double quotes). */
export function conceptsOf(xml: string): InvoiceDetails['concepts'] {
  return [...xml.matchAll(/<cfdi:Concepto\s([^>]*?)\/?>/g)].map(([, attributes]) => {
    const value = Object.fromEntries(
      [...(attributes ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, name, text]) => [name, unescape(text ?? '')]),
    ) as Record<string, string | undefined>;
    return {
      claveProdServ: value.ClaveProdServ ?? '',
      noIdentificacion: value.NoIdentificacion ?? null,
      cantidad: value.Cantidad ?? '',
      claveUnidad: value.ClaveUnidad ?? '',
      descripcion: value.Descripcion ?? '',
      valorUnitario: value.ValorUnitario ?? '',
      importe: value.Importe ?? '',
    };
  });
}

export function detailsOf(row: InvoiceRow, receiptIds: number[], credit?: CreditLink): InvoiceDetails {
  return {
    ...summaryOf(row, receiptIds, credit),
    concepts: conceptsOf(row.sealedXml),
    satCertificateNumber: row.satCertificateNumber,
    attempts: Number(row.attempts),
  };
}
