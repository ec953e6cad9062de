import { ActionIcon, Menu } from '@mantine/core';
import type { InvoiceSummary } from '@mostrador/shared';
import {
  IconBan,
  IconBrandWhatsapp,
  IconDotsVertical,
  IconFileCode,
  IconFileTypePdf,
  IconReceipt,
  IconRefresh,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { es } from '../../../i18n/es';
import { type InvoiceAction, invoiceActions, invoiceNumber } from '../invoice-view';

const t = es.invoices.actions;

const ENTRIES: Record<InvoiceAction, { label: string; icon: ComponentType<{ size?: number }>; color?: string }> = {
  pdf: { label: t.pdf, icon: IconFileTypePdf },
  ticket: { label: t.ticket, icon: IconReceipt },
  xml: { label: t.xml, icon: IconFileCode },
  share: { label: t.share, icon: IconBrandWhatsapp, color: 'green' },
  retry: { label: t.retry, icon: IconRefresh },
  cancel: { label: t.cancel, icon: IconBan, color: 'red' },
};

/** The ⋮ menu of an invoice: the actions its status allows (invoiceActions). */
export function InvoiceActionsMenu({
  invoice,
  busy,
  onAction,
}: {
  invoice: InvoiceSummary;
  busy: boolean;
  onAction: (action: InvoiceAction) => void;
}) {
  const actions = invoiceActions(invoice.status);
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" loading={busy} aria-label={t.menu(invoiceNumber(invoice))}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => {
          const { label, icon: Icon, color } = ENTRIES[action];
          return (
            <Menu.Item key={action} color={color} leftSection={<Icon size={16} />} onClick={() => onAction(action)}>
              {label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
