import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { MAX_PRINT_COPIES, MIN_PRINT_COPIES, type Receipt } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { usePrintReceipt } from '../api/print-receipt';
import { notifyPrinted, notifyPrintFailure } from '../api/print-result';
import { type PrintCopiesForm, printCopiesFormSchema } from '../print-copies';

const t = es.printing;

export interface PrintCopiesModalProps {
  receipt: Receipt;
  opened: boolean;
  onClose: () => void;
}

/** The print-copies modal: how many copies, then print (thermal printer or PDF dialog). */
export function PrintCopiesModal({ receipt, opened, onClose }: PrintCopiesModalProps) {
  const print = usePrintReceipt();
  const form = useForm<PrintCopiesForm>({
    mode: 'uncontrolled',
    initialValues: { copies: MIN_PRINT_COPIES },
    validate: schemaResolver(printCopiesFormSchema, { sync: true }),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(({ copies }) =>
    print.mutate(
      { receipt, copies: Number(copies) },
      {
        onSuccess: (result) => {
          notifyPrinted(result);
          close();
        },
        onError: notifyPrintFailure,
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title={t.modalTitle(receipt.id)}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NumberInput
            label={t.copies}
            description={t.copiesHint}
            min={MIN_PRINT_COPIES}
            max={MAX_PRINT_COPIES}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            withAsterisk
            data-autofocus
            key={form.key('copies')}
            {...form.getInputProps('copies')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={print.isPending}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
