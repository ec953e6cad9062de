import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCashRegister } from '@tabler/icons-react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useOpenShift } from '../api/cash';
import { PesosInput } from './PesosInput';

const t = es.cash.open;

/** No open shift: 'Abrir caja' with the 'Fondo inicial' counted into the drawer. */
export function OpenShiftForm() {
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
        onSuccess: () => notifySuccess(t.done),
        onError: (error) => notifyFailure(t.failed, error),
      },
    ),
  );

  return (
    <Paper withBorder radius="md" p="lg" maw={460}>
      <form onSubmit={submit} noValidate aria-label={t.title}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t.hint}
          </Text>
          <PesosInput label={t.float} size="md" autoFocus {...form.getInputProps('openingFloat')} />
          <Button type="submit" size="md" leftSection={<IconCashRegister size={18} />} loading={open.isPending}>
            {t.submit}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
