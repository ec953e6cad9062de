import { type Client, clientFullName } from '@mostrador/shared';
import { useMemo } from 'react';
import { es } from '../../../i18n/es';
import { useClients } from '../../clients';
import { type PickOption, SearchPicker } from './SearchPicker';

const t = es.counter.clientDialog;

/**
 * F4: the client of the sale (needed on credit), or 'Público en general'. F9's abono picks a
 * client with an account, so it leaves 'Público en general' out (`withNone` false).
 */
export function ClientPickerModal({
  opened,
  title = t.title,
  withNone = true,
  initialSearch,
  onPick,
  onClose,
}: {
  opened: boolean;
  title?: string;
  withNone?: boolean;
  /** What the cashier typed before the field had the focus. */
  initialSearch?: string;
  onPick: (client: Client | null) => void;
  onClose: () => void;
}) {
  const clients = useClients();
  const options = useMemo<PickOption<Client | null>[]>(
    () => [
      ...(withNone ? [{ key: 'none', label: es.counter.clientNone, value: null }] : []),
      ...(clients.data ?? []).map((c) => ({
        key: String(c.id),
        label: clientFullName(c) ?? `#${c.id}`,
        detail: c.phone ?? undefined,
        value: c,
      })),
    ],
    [clients.data, withNone],
  );
  return (
    <SearchPicker
      opened={opened}
      title={title}
      label={t.label}
      placeholder={t.placeholder}
      nothing={clients.isSuccess ? '—' : es.common.loading}
      initialSearch={initialSearch}
      options={options}
      onPick={onPick}
      onClose={onClose}
    />
  );
}
