import { Badge, Card, Menu, Skeleton } from '@mantine/core';
import { type Client, clientFullName, formatPayment, pesosToCents } from '@mostrador/shared';
import {
  type Icon as TablerIcon,
  IconDots,
  IconId,
  IconMail,
  IconMapPin,
  IconPencil,
  IconPhone,
  IconTrash,
} from '@tabler/icons-react';
import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { es } from '../../../i18n/es';
import classes from './ClientCard.module.css';
import type { ClientActions } from './useClientActions';

const t = es.clients;

/**
 * A client: full name linking to /clients/{id}, 'Cliente #id', and e-mail, phone, address, RFC
 * and razón social when present.
 */
export const ClientCard = memo(function ClientCard({
  client,
  actions,
  showName = true,
}: {
  client: Client;
  actions?: ClientActions | null;
  /** The detail page has the name as its title, so its card leaves it out. */
  showName?: boolean;
}) {
  const name = clientFullName(client) ?? '';
  // The RFC and the razón social, when the client has them.
  const fiscal = [client.rfc && t.rfc(client.rfc), client.legalName].filter(Boolean).join(' · ');
  return (
    <Card withBorder radius="md" padding="md" data-testid="client-card" aria-label={name} component="article">
      <div className={classes.head}>
        <div className={classes.title}>
          {showName ? (
            <Link to={`/clients/${client.id}`} className={classes.name}>
              {name}
            </Link>
          ) : null}
          <div className={classes.meta}>
            <span>{t.clientNumber(client.id)}</span>
            {client.isEnabled ? null : (
              <Badge color="gray" variant="light" size="sm">
                {t.disabledBadge}
              </Badge>
            )}
          </div>
        </div>
        {actions ? <ClientMenu client={client} name={name} actions={actions} /> : null}
      </div>
      {client.balance === undefined ? null : (
        // What the client owes: an Admin's and a Manager's answer carry it, a Seller's does not.
        <div className={classes.meta} data-testid="client-balance">
          <span>
            {t.credit.balance}: {formatPayment(pesosToCents(client.balance))}
          </span>
          {client.overdue ? (
            <Badge color="red" variant="light" size="sm">
              {t.credit.overdue}: {formatPayment(pesosToCents(client.overdue))}
            </Badge>
          ) : null}
        </div>
      )}
      {client.email || client.phone || client.address || fiscal ? (
        <ul className={classes.lines}>
          {client.email ? <Line icon={IconMail}>{client.email}</Line> : null}
          {client.phone ? <Line icon={IconPhone}>{client.phone}</Line> : null}
          {client.address ? <Line icon={IconMapPin}>{client.address}</Line> : null}
          {fiscal ? <Line icon={IconId}>{fiscal}</Line> : null}
        </ul>
      ) : null}
    </Card>
  );
});

function Line({ icon: Icon, children }: { icon: TablerIcon; children: string }) {
  return (
    <li className={classes.line}>
      <Icon size={16} className={classes.icon} aria-hidden />
      <span>{children}</span>
    </li>
  );
}

/**
 * The card's Editar / Eliminar menu. A closed Mantine Menu (and an ActionIcon's colour work) cost
 * as much as the rest of the card, so each card starts with a plain button; its first click mounts
 * the real menu, already open, with focus on its button. This keeps typing in 'Buscar' cheap with
 * thousands of clients.
 */
function ClientMenu({ client, name, actions }: { client: Client; name: string; actions: ClientActions }) {
  const [armed, setArmed] = useState(false);
  const target = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (armed) target.current?.focus();
  }, [armed]);

  // The menu opened before its button existed, so it cannot return focus there by itself.
  const keepFocus = () => {
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('[role="menu"]')) target.current?.focus();
  };

  const label = t.actions(name);
  if (!armed) {
    return (
      <button
        type="button"
        className={classes.dots}
        aria-label={label}
        aria-haspopup="menu"
        onClick={() => setArmed(true)}
      >
        <IconDots size={18} />
      </button>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal defaultOpened onClose={() => requestAnimationFrame(keepFocus)}>
      <Menu.Target>
        <button ref={target} type="button" className={classes.dots} aria-label={label}>
          <IconDots size={18} />
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.edit(client)}>
          {t.edit}
        </Menu.Item>
        {client.isEnabled ? (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => actions.disable(client)}>
            {t.remove}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

export function ClientCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" data-testid="client-card-skeleton">
      <Skeleton height={20} width="60%" />
      <Skeleton height={12} width="30%" mt="xs" />
      <Skeleton height={12} width="80%" mt="md" />
      <Skeleton height={12} width="50%" mt={6} />
    </Card>
  );
}
