// 'Pedir por WhatsApp': a supplier group of the reorder as a wa.me link with the order in Spanish.
import { formatQuantity, type ReorderGroup } from '@mostrador/shared';
import { es } from '../../i18n/es';

const t = es.purchases.whatsapp;

/**
 * A Mexican phone as wa.me wants it: 52 and the 10 digits. Accepts spaces, dashes, '+52', '52',
 * '044'/'045' and the old mobile '1' after 52; null when it is not a 10-digit number.
 */
export function whatsAppNumber(phone: string | null | undefined): string | null {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length === 13 && digits.startsWith('521')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('52')) digits = digits.slice(2);
  else if (digits.length === 13 && /^04[45]/.test(digits)) digits = digits.slice(3);
  return digits.length === 10 ? `52${digits}` : null;
}

/** The order: a greeting naming the supplier, one line per product with what to ask, and thanks. */
export function reorderMessage(group: ReorderGroup, shopName?: string | null): string {
  const lines = [
    t.greeting(group.supplier?.name ?? ''),
    ...group.items.map((item) => t.line(formatQuantity(item.suggested, item.units), item.name)),
    shopName ? `${t.thanks} ${t.from(shopName)}` : t.thanks,
  ];
  return lines.join('\n');
}

/** The wa.me link that opens the chat with the order typed; null without a usable phone. */
export function whatsAppLink(group: ReorderGroup, shopName?: string | null): string | null {
  const number = whatsAppNumber(group.supplier?.phone);
  if (!number) return null;
  return `https://wa.me/${number}?text=${encodeURIComponent(reorderMessage(group, shopName))}`;
}
