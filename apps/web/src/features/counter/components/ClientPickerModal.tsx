import { type Client, clientFullName } from '@mostrador/shared';
import { useMemo } from 'react';
import { es } from '../../../i18n/es';
import { useClients } from '../../clients';
import { type PickOption, SearchPicker } from './SearchPicker';

const t = es.counter.clientDialog;

/** F4: the client of the sale (needed on credit), or 'Público en general'. */
export function ClientPickerModal({
  opened,
  onPick,
  onClose,
}: {
  opened: boolean;
  onPick: (client: Client | null) => void;
  onClose: () => void;
}) {
  const clients = useClients();
  const options = useMemo<PickOption<Client | null>[]>(
    () => [
      { key: 'none', label: es.counter.clientNone, value: null },
      ...(clients.data ?? []).map((c) => ({
        key: String(c.id),
        label: clientFullName(c) ?? `#${c.id}`,
        detail: c.phone ?? undefined,
        value: c,
      })),
    ],
    [clients.data],
  );
  return (
    <SearchPicker
      opened={opened}
      title={t.title}
      label={t.label}
      placeholder={t.placeholder}
      nothing={clients.isSuccess ? '—' : es.common.loading}
      options={options}
      onPick={onPick}
      onClose={onClose}
    />
  );
}
