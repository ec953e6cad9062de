import { Button, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { EXPORT_DATASET_LABELS, type ExportDataset, type ExportFormat } from '@mostrador/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure } from '../../../lib/notify';
import { useIdle } from '../../../lib/use-idle';
import { useExportFile } from '../api/export-file';

const t = es.spreadsheets.export;

/** 'Exportar' on a screen that lists `datasets`: which one, which days, CSV or Excel. */
export function ExportButton({ datasets }: { datasets: readonly ExportDataset[] }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [dataset, setDataset] = useState<ExportDataset>(datasets[0]!);
  const [range, setRange] = useState<DatesRangeValue<string>>([null, null]);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const exporting = useExportFile();
  // The closed dialog (a portal) joins the page once the browser is idle, not in its first render.
  const modalMounted = useIdle() || opened;

  const download = () => {
    const [from, to] = range;
    exporting.mutate(
      { dataset, format, from: from ?? undefined, to: to ?? from ?? undefined },
      { onSuccess: close, onError: (error) => notifyFailure(t.failed, error) },
    );
  };

  return (
    <>
      <Button variant="default" leftSection={<IconDownload size={18} />} onClick={open}>
        {t.button}
      </Button>
      {modalMounted ? (
        <Modal opened={opened} onClose={close} title={t.title} centered>
          <Stack>
            {datasets.length > 1 ? (
              <Select
                label={t.what}
                data={datasets.map((value) => ({ value, label: EXPORT_DATASET_LABELS[value] }))}
                value={dataset}
                onChange={(value) => value && setDataset(value as ExportDataset)}
                allowDeselect={false}
              />
            ) : (
              <Text fw={600}>{EXPORT_DATASET_LABELS[dataset]}</Text>
            )}
            <DatePickerInput
              type="range"
              allowSingleDateInRange
              clearable
              label={t.range}
              description={t.rangeHint}
              value={range}
              onChange={setRange}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="export-format-label">
                {t.format}
              </Text>
              <SegmentedControl
                aria-labelledby="export-format-label"
                value={format}
                onChange={(value) => setFormat(value as ExportFormat)}
                data={[
                  { value: 'xlsx', label: t.xlsx },
                  { value: 'csv', label: t.csv },
                ]}
              />
            </Stack>
            <Button leftSection={<IconDownload size={18} />} onClick={download} loading={exporting.isPending}>
              {t.download}
            </Button>
          </Stack>
        </Modal>
      ) : null}
    </>
  );
}
