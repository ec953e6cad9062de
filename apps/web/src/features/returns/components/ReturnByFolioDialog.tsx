import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { Receipt } from '@mostrador/shared';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { getServerMessage } from '../../../lib/errors';
import { fetchReceiptByFolio } from '../api/return-receipt';
import { parseFolio } from '../return-form';
import { ReturnForm } from './ReturnForm';

const t = es.returns;

/**
 * The counter's return (F6): the ticket's folio typed or scanned (a scanner types it and presses
 * Enter), then the return form of that receipt.
 */
export function ReturnByFolioDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);

  const find = async (event: React.FormEvent) => {
    event.preventDefault();
    const id = parseFolio(text);
    if (id === null) {
      setError(t.folio.invalid);
      return;
    }
    setLoading(true);
    try {
      setReceipt(await fetchReceiptByFolio(id));
      setError(null);
    } catch (failure) {
      setError(getServerMessage(failure) ?? t.folio.failed);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={receipt ? t.title(receipt.id) : t.folio.title}
      size={receipt ? 'lg' : 'md'}
    >
      {receipt ? (
        <ReturnForm receipt={receipt} onDone={onClose} />
      ) : (
        <form onSubmit={find} noValidate>
          <Stack gap="md">
            <TextInput
              label={t.folio.label}
              placeholder={t.folio.placeholder}
              data-autofocus
              autoComplete="off"
              value={text}
              error={error}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {es.common.cancel}
              </Button>
              <Button type="submit" loading={loading}>
                {t.folio.search}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
