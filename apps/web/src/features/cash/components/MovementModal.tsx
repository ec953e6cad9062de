import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CashMovementType, MAX_TEXT } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCashMovement } from '../api/cash';
import { PesosInput } from './PesosInput';

const t = es.cash.movement;

interface Values {
  amount: number | string;
  note: string;
}

/** 'Entrada' or 'Salida' of cash: an amount and a note saying why (required). */
export function MovementModal({ type, onClose }: { type: CashMovementType | null; onClose: () => void }) {
  const movement = useCashMovement();
  const form = useForm<Values>({
    initialValues: { amount: '', note: '' },
    validate: {
      amount: (value) => (value === '' ? t.amountRequired : Number(value) <= 0 ? t.amountPositive : null),
      note: (value) => (value.trim() === '' ? t.noteRequired : null),
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    if (!type) return;
    movement.mutate(
      { type, amount: Number(values.amount), note: values.note.trim() },
      {
        onSuccess: () => {
          notifySuccess(t.done(type));
          close();
        },
        onError: (error) => notifyFailure(t.failed, error),
      },
    );
  });

  return (
    <Modal opened={type !== null} onClose={close} title={type ? t.title(type) : ''}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {type === 'Entrada' ? t.entradaHint : t.salidaHint}
          </Text>
          <PesosInput label={t.amount} {...form.getInputProps('amount')} />
          <Textarea
            label={t.note}
            placeholder={t.notePlaceholder}
            withAsterisk
            autosize
            minRows={2}
            maxLength={MAX_TEXT}
            {...form.getInputProps('note')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {es.common.cancel}
            </Button>
            <Button type="submit" color={type === 'Salida' ? 'orange' : undefined} loading={movement.isPending}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
