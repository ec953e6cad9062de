import { Button, Group, Modal, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatPayment, MAX_DENOMINATION_COUNT, MXN_DENOMINATIONS, type Shift } from '@mostrador/shared';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCloseShift } from '../api/cash';
import { emptyPieces, liveCountedCents, type PieceInputs, pieceError, toCounts } from '../count-form';
import { PesosInput } from './PesosInput';
import { openConfirm } from '../../../lib/confirm';

const t = es.cash.close;

type Mode = 'denominations' | 'total';
type Values = { countedTotal: number | string; counts: PieceInputs };

/**
 * 'Cerrar caja': the drawer counted by bills and coins (a live total) or as one total, confirmed,
 * then closed; `onClosed` gets the closed shift with its difference.
 */
export function CloseShiftModal({
  opened,
  onClose,
  onClosed,
}: {
  opened: boolean;
  onClose: () => void;
  onClosed: (shift: Shift) => void;
}) {
  const close = useCloseShift();
  const [mode, setMode] = useState<Mode>('denominations');
  const form = useForm<Values>({
    initialValues: { countedTotal: '', counts: emptyPieces() },
    // The counts are an array of numbers: their errors are keyed by path ('counts.3').
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (mode === 'total') {
        const total = values.countedTotal;
        if (total === '') errors.countedTotal = t.countedTotalRequired;
        else if (Number(total) < 0) errors.countedTotal = t.countedNegative;
        return errors;
      }
      values.counts.forEach((pieces, index) => {
        const error = pieceError(pieces);
        if (error) errors[`counts.${index}`] = error;
      });
      return errors;
    },
  });
  const countedCents = liveCountedCents(mode, form.values.counts, form.values.countedTotal);

  const dismiss = () => {
    form.reset();
    setMode('denominations');
    onClose();
  };

  const send = (values: Values) =>
    close.mutate(
      mode === 'total' ? { countedTotal: Number(values.countedTotal) } : { counted: toCounts(values.counts) },
      {
        onSuccess: (shift) => {
          notifySuccess(t.done);
          form.reset();
          setMode('denominations');
          onClosed(shift);
        },
        onError: (error) => notifyFailure(t.failed, error),
      },
    );

  const submit = form.onSubmit((values) => {
    openConfirm({
      title: t.confirmTitle,
      children: <Text size="sm">{t.confirm(formatPayment(countedCents))}</Text>,
      labels: { confirm: t.confirmLabel, cancel: es.common.cancel },
      // Enter confirms what the dialog asks (the focus starts on 'Cerrar caja', not on 'Cancelar').
      confirmProps: { color: 'red', 'data-autofocus': true },
      onConfirm: () => send(values),
    });
  });

  const column = (kind: 'bill' | 'coin') => (
    <Stack gap={6}>
      <Title order={3} size="h6">
        {kind === 'bill' ? t.bills : t.coins}
      </Title>
      {MXN_DENOMINATIONS.map((d, index) => ({ d, index }))
        .filter(({ d }) => d.kind === kind)
        .map(({ d, index }) => {
          const pieces = Number(form.values.counts[index] || 0);
          return (
            <Group key={d.key} gap="xs" wrap="nowrap">
              <Text w={64} fw={600} ff="monospace" ta="right" aria-hidden>
                {d.label}
              </Text>
              <Text c="dimmed" aria-hidden>
                ×
              </Text>
              <NumberInput
                aria-label={t.pieces(d.label, d.kind)}
                w={90}
                min={0}
                max={MAX_DENOMINATION_COUNT}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                hideControls
                placeholder="0"
                // The count starts at the first bill: the cursor is there when the dialog opens.
                data-autofocus={index === 0 || undefined}
                {...form.getInputProps(`counts.${index}`)}
              />
              <Text size="sm" c="dimmed" ff="monospace" ta="right" style={{ flex: 1 }}>
                {pieces > 0 && Number.isInteger(pieces) ? formatPayment(pieces * d.cents) : ''}
              </Text>
            </Group>
          );
        })}
    </Stack>
  );

  return (
    <Modal opened={opened} onClose={dismiss} title={t.title} size="lg" closeOnClickOutside={false}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            aria-label={t.mode}
            value={mode}
            onChange={(next) => setMode(next as Mode)}
            data={[
              { value: 'denominations', label: t.byDenomination },
              { value: 'total', label: t.byTotal },
            ]}
          />
          {mode === 'denominations' ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
              {column('bill')}
              {column('coin')}
            </SimpleGrid>
          ) : (
            <PesosInput label={t.countedTotal} size="md" {...form.getInputProps('countedTotal')} />
          )}
          <Group justify="space-between" align="baseline">
            <Text fw={600}>{t.live}</Text>
            <Text fw={800} size="xl" ff="monospace" data-testid="close-counted" aria-live="polite">
              {formatPayment(countedCents)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t.warning}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss}>
              {es.common.cancel}
            </Button>
            <Button type="submit" color="red" loading={close.isPending}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
