import type { InvoiceListQuery } from '@mostrador/shared';

/** Query keys of the invoicing feature: everything lives under ['invoices']. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  /** The Facturas screen's filters, or a client's invoices ({ clientId }). */
  list: (query: InvoiceListQuery) => [...invoiceKeys.lists(), query] as const,
  pendingGlobal: () => [...invoiceKeys.all, 'pendingGlobal'] as const,
  pendingComplements: () => [...invoiceKeys.all, 'pendingComplements'] as const,
};
