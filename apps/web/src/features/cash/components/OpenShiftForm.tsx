import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Shift } from '@mostrador/shared';
import { IconCashRegister } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useOpenShift } from '../api/cash';
import { PesosInput } from './PesosInput';

const t = es.cash.open;

/** 'Abrir caja' with the 'Fondo inicial' counted into the drawer (the float field has the focus; Enter opens). */
export function OpenShiftFields({
  hint = t.hint,
  onOpened,
  extra,
}: {
  hint?: string;
  onOpened?: (shift: Shift) => void;
  /** More actions beside 'Abrir caja'. */
  extra?: ReactNode;
}) {
  const open = useOpenShift();
  const form = useForm<{ openingFloat: number | string }>({
    initialValues: { openingFloat: '' },
    validate: {
      openingFloat: (value) => (value === '' ? t.floatRequired : Number(value) < 0 ? t.floatNegative : null),
    },
  });
  const submit = form.onSubmit(({ openingFloat }) =>
    open.mutate(
      { openingFloat: Number(openingFloat) },
      {
        onSuccess: (shift) => {
          notifySuccess(t.done);
          onOpened?.(shift);
        },
        onError: (error) => notifyFailure(t.failed, error),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t.title}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        <PesosInput label={t.float} size="md" autoFocus data-autofocus {...form.getInputProps('openingFloat')} />
        <Button type="submit" size="md" leftSection={<IconCashRegister size={18} />} loading={open.isPending}>
          {t.submit}
        </Button>
        {extra}
      </Stack>
    </form>
  );
}

/** No open shift: the cash screen's 'Abrir caja'. */
export function OpenShiftForm() {
  return (
    <Paper withBorder radius="md" p="lg" maw={460}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        <OpenShiftFields />
      </Stack>
    </Paper>
  );
}
