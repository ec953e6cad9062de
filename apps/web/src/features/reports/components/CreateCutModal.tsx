import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { businessToday, type CashCountReport, generateCutBodySchema } from '@mostrador/shared';
import { IconCalendar } from '@tabler/icons-react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useGenerateCut } from '../api/generate-cut';

const t = es.reports.create;

interface Values {
  /** YYYY-MM-DD (a Monterrey day); null when the field is cleared. */
  date: string | null;
}

/** 'Crear Corte': pick the day (today by default) and generate its cut. */
export function CreateCutModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (cut: CashCountReport) => void;
}) {
  const generate = useGenerateCut();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { date: businessToday() },
    validate: schemaResolver(generateCutBodySchema, { sync: true }),
  });

  const close = () => {
    form.setValues({ date: businessToday() });
    form.resetDirty();
    form.clearErrors();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    generate.mutate(
      { date: values.date ?? '' },
      {
        onSuccess: (cut) => {
          notifySuccess(t.created);
          onCreated(cut);
          close();
        },
        onError: (error) => notifyFailure(t.failed, error),
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title={t.title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <DateInput
            label={t.dateLabel}
            withAsterisk
            clearable
            data-autofocus
            maxDate={businessToday()}
            leftSection={<IconCalendar size={18} />}
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('date')}
          />
          <Text size="sm" c="dimmed">
            {t.note}
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={generate.isPending}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
