import { ActionIcon, NumberInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { es } from '../../../i18n/es';
import { notifyFailure, notifyWarning } from '../../../lib/notify';
import { findReceiptByNumber } from '../api/find-by-number';
import { receiptKeys } from '../../../lib/query-keys';

const t = es.receipts.byNumber;

/** 'Remisión #': a receipt by its number, whatever its date; Enter opens it. */
export function ReceiptNumberSearch() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [number, setNumber] = useState<number | string>('');
  const [searching, setSearching] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typeof number !== 'number' || searching) return;
    setSearching(true);
    try {
      const receipt = await findReceiptByNumber(number);
      if (!receipt) {
        notifyWarning(t.notFound(number));
        return;
      }
      queryClient.setQueryData(receiptKeys.detail(receipt.id), receipt);
      await navigate(`/receipts/${receipt.id}`);
    } catch (error) {
      notifyFailure(t.failed, error);
    } finally {
      setSearching(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} role="search" aria-label={t.label}>
      <NumberInput
        aria-label={t.label}
        placeholder={t.placeholder}
        prefix="#"
        min={1}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        w={170}
        value={number}
        onChange={setNumber}
        rightSection={
          <ActionIcon type="submit" variant="subtle" aria-label={t.submit} loading={searching}>
            <IconSearch size={16} />
          </ActionIcon>
        }
      />
    </form>
  );
}
