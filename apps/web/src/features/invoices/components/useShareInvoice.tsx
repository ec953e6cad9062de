import { type InvoiceSummary, whatsappUrl } from '@mostrador/shared';
import { useDisclosure } from '@mantine/hooks';
import { es } from '../../../i18n/es';
import { notifyFailure } from '../../../lib/notify';
import { PublicUrlMissingModal, useShopSettings } from '../../settings';
import { useInvoiceShareLink } from '../api/invoices';
import { invoiceNumber } from '../invoice-view';

const t = es.invoices;

/**
 * 'Compartir por WhatsApp' as the client statement does it: a signed download link, sent to the
 * client's phone when it is known, else to whichever chat the user picks.
 */
export function useShareInvoice() {
  const link = useInvoiceShareLink();
  const shop = useShopSettings();
  const [missingAddress, addressModal] = useDisclosure(false);

  const share = (invoice: InvoiceSummary, phone: string | null) => {
    // Without the shop's public address a link would name this computer, which the customer's
    // phone cannot open: say what to set instead of making one.
    if (shop.data?.publicUrl === null) {
      addressModal.open();
      return;
    }
    // Opened at once (inside the click) so the browser does not block it; filled when the link arrives.
    const win = window.open('', '_blank');
    link.mutate(invoice.id, {
      onSuccess: ({ url: address }) => {
        if (address === null) {
          win?.close();
          addressModal.open();
          return;
        }
        const text = t.shareText(invoiceNumber(invoice), address);
        const url = whatsappUrl(phone, text) ?? `https://wa.me/?text=${encodeURIComponent(text)}`;
        if (win) win.location.href = url;
        else window.location.href = url;
      },
      onError: (error) => {
        win?.close();
        notifyFailure(t.shareFailed, error);
      },
    });
  };

  return {
    share,
    sharing: link.isPending ? link.variables : null,
    modal: <PublicUrlMissingModal opened={missingAddress} onClose={addressModal.close} />,
  };
}
