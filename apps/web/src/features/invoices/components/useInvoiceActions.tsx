import type { InvoiceSummary } from '@mostrador/shared';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useClients } from '../../clients';
import { useDownloadInvoiceXml, useOpenInvoicePdf } from '../api/documents';
import { useRetryInvoice } from '../api/invoices';
import { type InvoiceAction, invoiceNumber } from '../invoice-view';
import { CancelInvoiceModal } from './CancelInvoiceModal';
import { useShareInvoice } from './useShareInvoice';

const t = es.invoices;

/** What the rows' menus do, shared by every row of a list, and the dialogs they open. */
export function useInvoiceActions() {
  const pdf = useOpenInvoicePdf();
  const xml = useDownloadInvoiceXml();
  const retry = useRetryInvoice();
  const { share, sharing, modal: shareModal } = useShareInvoice();
  // WhatsApp goes to the client's phone when the invoice has a client the list knows.
  const clients = useClients();
  const [cancelling, setCancelling] = useState<{ invoice: InvoiceSummary; opened: boolean } | null>(null);

  const run = (invoice: InvoiceSummary, action: InvoiceAction) => {
    const number = invoiceNumber(invoice);
    switch (action) {
      case 'pdf':
      case 'ticket': {
        // Opened inside the click, so the browser lets it; filled once the PDF arrives.
        const tab = window.open('', '_blank');
        pdf.mutate(
          { id: invoice.id, format: action === 'pdf' ? 'letter' : '80mm', tab },
          { onError: (error) => notifyFailure(t.pdfFailed, error) },
        );
        return;
      }
      case 'xml':
        xml.mutate(invoice.id, { onError: (error) => notifyFailure(t.xmlFailed, error) });
        return;
      case 'share': {
        const phone = clients.data?.find((client) => client.id === invoice.clientId)?.phone ?? null;
        share(invoice, phone);
        return;
      }
      case 'retry':
        retry.mutate(invoice.id, {
          onSuccess: (result) =>
            result.status === 'stamped' ? notifySuccess(t.retried(number)) : notifyWarning(t.retryPending),
          onError: (error) => notifyFailure(t.retryFailed, error),
        });
        return;
      case 'cancel':
        setCancelling({ invoice, opened: true });
        return;
    }
  };

  const busyId =
    (pdf.isPending ? pdf.variables?.id : undefined) ??
    (xml.isPending ? xml.variables : undefined) ??
    (retry.isPending ? retry.variables : undefined) ??
    sharing ??
    null;

  const dialogs = (
    <>
      {shareModal}
      {cancelling ? (
        <CancelInvoiceModal
          invoice={cancelling.invoice}
          opened={cancelling.opened}
          onClose={() => setCancelling((c) => (c ? { ...c, opened: false } : c))}
        />
      ) : null}
    </>
  );

  return { run, isBusy: (invoice: InvoiceSummary) => busyId === invoice.id, dialogs };
}
