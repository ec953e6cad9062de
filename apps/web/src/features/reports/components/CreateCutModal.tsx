import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import {
  businessDayBounds,
  businessToday,
  type CashCountReport,
  formatDateTime,
  formatLongDate,
  generateCutBodySchema,
} from '@mostrador/shared';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { fetchCutsOfDay } from '../api/cut-ticket';
import { useGenerateCut } from '../api/generate-cut';
import { openConfirm } from '../../../lib/confirm';

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

  const generateFor = (date: string) =>
    generate.mutate(
      { date },
      {
        onSuccess: (cut) => {
          notifySuccess(t.created);
          onCreated(cut);
          close();
        },
        onError: (error) => notifyFailure(t.failed, error),
      },
    );

  // A day that already has a cut asks first: a second cut is allowed, but never made without a word.
  const [checking, setChecking] = useState(false);
  const submit = form.onSubmit(async (values) => {
    const date = values.date ?? '';
    setChecking(true);
    const existing = await fetchCutsOfDay(date).catch((error: unknown) => {
      notifyFailure(t.checkFailed, error);
      return null;
    });
    setChecking(false);
    if (!existing) return;
    if (existing.length === 0) {
      generateFor(date);
      return;
    }
    const cuts = existing.map((cut) => t.againCut(cut.id, formatDateTime(cut.createdAt))).join('; ');
    openConfirm({
      title: t.againTitle,
      children: <Text size="sm">{t.again(formatLongDate(businessDayBounds(date).start), cuts)}</Text>,
      labels: { confirm: t.againConfirm, cancel: t.cancel },
      confirmProps: { color: 'orange' },
      onConfirm: () => generateFor(date),
    });
  });

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
            <Button type="submit" loading={checking || generate.isPending}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
