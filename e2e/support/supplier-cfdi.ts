import { stampedSupplierCfdis, type SupplierInvoice, uuidOf } from '../../apps/server/test/helpers/supplier-cfdi';

// Supplier invoices for the specs, made as the server's tests make them: written from their lines,
// sealed with a CSD openssl makes for the supplier's RFC, stamped by a fake PAC of their own. Never
// checked in: each run makes new ones (new UUIDs).

export type { SupplierInvoice };
export { uuidOf };

/** The stamped XMLs, as files for an upload. */
export async function supplierXmlFiles(invoices: Array<SupplierInvoice & { fileName: string }>) {
  const stamped = await stampedSupplierCfdis(invoices);
  return invoices.map((invoice, index) => ({
    name: invoice.fileName,
    mimeType: 'text/xml',
    buffer: Buffer.from(stamped[index]!, 'utf8'),
    uuid: uuidOf(stamped[index]!),
  }));
}
