import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { attachmentName, saveBlob } from '../../../lib/download';

// The invoice's files need the Bearer token: they come through the API client as blobs.

export type InvoicePdfFormat = 'letter' | '80mm';

/**
 * Shows the PDF in a new tab. The tab is opened by the caller inside the click (a tab opened after
 * the download would be blocked) and filled here; without one the file is saved instead.
 */
async function openPdf({ id, format, tab }: { id: number; format: InvoicePdfFormat; tab: Window | null }) {
  try {
    const response = await api.get<Blob>(`/invoice/pdf/${id}`, { params: { format }, responseType: 'blob' });
    const pdf = new Blob([response.data], { type: 'application/pdf' });
    if (!tab || tab.closed) {
      saveBlob(pdf, attachmentName(response.headers['content-disposition'], `factura-${id}.pdf`));
      return;
    }
    const url = URL.createObjectURL(pdf);
    tab.location.href = url;
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export function useOpenInvoicePdf() {
  return useMutation({ mutationFn: openPdf });
}

/** GET /invoice/xml/{id}: the stamped CFDI exactly as the PAC returned it. */
export function useDownloadInvoiceXml() {
  return useMutation({
    mutationFn: async (id: number) => {
      const response = await api.get<Blob>(`/invoice/xml/${id}`, { responseType: 'blob' });
      const xml = new Blob([response.data], { type: 'application/xml' });
      saveBlob(xml, attachmentName(response.headers['content-disposition'], `factura-${id}.xml`));
    },
  });
}

/** GET /invoice/zip?month=YYYY-MM: every XML of the month in one file. */
export function useDownloadMonthZip() {
  return useMutation({
    mutationFn: async (month: string) => {
      const response = await api.get<Blob>('/invoice/zip', { params: { month }, responseType: 'blob' });
      const zip = new Blob([response.data], { type: 'application/zip' });
      saveBlob(zip, attachmentName(response.headers['content-disposition'], `facturas-${month}.zip`));
    },
  });
}
