// The invoicing texts and states that screens show without validating anything (the Panel's and
// the cut's warnings, a receipt's invoice badge), apart from schemas/ so those screens load no zod
// (docs/decisions/103).

export const INVOICE_MESSAGES = {
  unbilledWarning: 'Hay ventas de periodos cerrados sin facturar: emite la factura global.',
  notConfigured: 'La facturación no está configurada',
  notConfiguredHelp:
    'Para facturar, el administrador debe capturar los datos fiscales y el CSD en Configuración › Datos fiscales, y el servidor necesita PAC_URL, PAC_USER y PAC_PASSWORD.',
  receiptsRequired: 'Elige al menos una remisión para facturar.',
  tooManyReceipts: 'Una factura puede incluir hasta 100 remisiones.',
  paymentForm: 'Elige una forma de pago del catálogo del SAT.',
  motive: 'Elige un motivo de cancelación.',
  replacementUuid: 'Con el motivo 01 indica el UUID de la factura que sustituye a esta.',
  uuid: 'El UUID debe tener la forma 8-4-4-4-12 caracteres hexadecimales.',
  periodicity: 'Elige la periodicidad: diaria, semanal, quincenal o mensual.',
  dateOrder: 'La fecha inicial no puede ser posterior a la final.',
  dayFormat: 'La fecha debe tener la forma AAAA-MM-DD.',
  monthFormat: 'El mes debe tener la forma AAAA-MM.',
} as const;

/**
 * An invoice's life: written 'pending' (Por timbrar) with its sealed XML before the PAC is called;
 * 'stamped' (Vigente) once the PAC answered; 'refused' (Rechazada) when the PAC refused it for good
 * (its folio stays used, with the PAC's message); 'cancelling' while the SAT waits for the
 * receiver's acceptance; 'cancelled'.
 */
export const INVOICE_STATUSES = ['pending', 'stamped', 'refused', 'cancelling', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: 'Por timbrar',
  stamped: 'Vigente',
  refused: 'Rechazada',
  cancelling: 'Cancelación en proceso',
  cancelled: 'Cancelada',
};
