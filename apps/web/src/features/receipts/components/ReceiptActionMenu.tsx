import { ActionIcon, Menu } from '@mantine/core';
import { meetsRequirement, type Receipt } from '@mostrador/shared';
import { IconDotsVertical } from '@tabler/icons-react';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { useMountOnClick } from '../../../lib/use-mount-on-click';
import { useAuth } from '../../auth';
import { RECEIPT_ACTIONS, type ReceiptAction } from './receipt-actions';

/** The ⋮ menu of a receipt: the entries of RECEIPT_ACTIONS open to this role, each opening its dialog. */
export function ReceiptActionMenu({
  receipt,
  actions = RECEIPT_ACTIONS,
}: {
  receipt: Receipt;
  actions?: ReceiptAction[];
}) {
  const { role, user } = useAuth();
  const actor = user && role ? { id: user.id, role } : null;
  const [open, setOpen] = useState<{ key: string; opened: boolean } | null>(null);
  // The Menu mounts on the button's first click, not with the card (a list commits several cards).
  const { armed, target, buttonProps } = useMountOnClick<HTMLButtonElement>();
  const available = actions.filter(
    (action) => meetsRequirement(role, action.requires) && action.isAvailable(receipt, actor),
  );
  const active = open ? actions.find((action) => action.key === open.key) : undefined;
  if (available.length === 0 && !active) return null;

  const button = (
    <ActionIcon
      ref={target}
      variant="subtle"
      color="gray"
      aria-label={`${es.receipts.card.actions} #${receipt.id}`}
      {...buttonProps}
    >
      <IconDotsVertical size={18} />
    </ActionIcon>
  );
  let menu = null;
  if (available.length > 0) {
    menu = armed ? (
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>{button}</Menu.Target>
        <Menu.Dropdown>
          {available.map((action) => (
            <Menu.Item
              key={action.key}
              color={action.color}
              leftSection={<action.icon size={16} />}
              onClick={() => setOpen({ key: action.key, opened: true })}
            >
              {action.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    ) : (
      button
    );
  }

  return (
    <>
      {menu}
      {active && open ? (
        <active.Dialog receipt={receipt} opened={open.opened} onClose={() => setOpen({ ...open, opened: false })} />
      ) : null}
    </>
  );
}
