import { Button, Group, Modal, Stack } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { businessToday } from '@mostrador/shared';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure } from '../../../lib/notify';
import { useDownloadMonthZip } from '../api/documents';

const t = es.invoices.zip;

/** 'Descargar XML del mes': a month's stamped XMLs as one zip (the accountant's monthly request). */
export function MonthZipButton() {
  const [opened, modal] = useDisclosure(false);
  const [month, setMonth] = useState(() => businessToday().slice(0, 7));
  const download = useDownloadMonthZip();
  return (
    <>
      <Button variant="default" leftSection={<IconFileZip size={18} />} onClick={modal.open}>
        {t.button}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t.title} size="sm">
        <Stack gap="md">
          <MonthPickerInput
            label={t.month}
            value={`${month}-01`}
            onChange={(value) => value && setMonth(value.slice(0, 7))}
            maxDate={businessToday()}
            valueFormat="MMMM YYYY"
            data-testid="invoice-zip-month"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={modal.close}>
              {es.common.close}
            </Button>
            <Button
              leftSection={<IconFileZip size={18} />}
              loading={download.isPending}
              onClick={() =>
                download.mutate(month, {
                  onSuccess: modal.close,
                  onError: (error) => notifyFailure(t.failed, error),
                })
              }
            >
              {t.download}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
