import { Alert, Button, FileInput, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ImportKind, ImportPreview } from '@mostrador/shared';
import { IconAlertTriangle, IconCircleCheck, IconFileImport, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCommitImport, usePreviewImport } from '../api/import-file';

const t = es.spreadsheets.import;
/** Errors listed at once: a file wrong in every row still opens quickly. */
const ERRORS_SHOWN = 200;

/**
 * 'Importar' on the Products or Clients screen: choose a file, review what it would do and every
 * row's problem (nothing is written), then import it all at once. `onImported` refreshes the list.
 */
export function ImportButton({ kind, onImported }: { kind: ImportKind; onImported: () => void }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const previewing = usePreviewImport();
  const committing = useCommitImport();

  const choose = (next: File | null) => {
    setFile(next);
    setPreview(null);
  };
  const close_ = () => {
    close();
    choose(null);
  };
  const review = () => {
    if (!file) return;
    previewing.mutate(
      { kind, file },
      { onSuccess: setPreview, onError: (error) => notifyFailure(t.reviewFailed, error) },
    );
  };
  const commit = () => {
    if (!file) return;
    committing.mutate(
      { kind, file },
      {
        onSuccess: (result) => {
          notifySuccess(t.done(result.created, result.updated));
          onImported();
          close_();
        },
        onError: (error) => notifyFailure(t.failed, error),
      },
    );
  };

  return (
    <>
      <Button variant="default" leftSection={<IconFileImport size={18} />} onClick={open}>
        {t.button}
      </Button>
      <Modal opened={opened} onClose={close_} title={t.title[kind]} size="lg" centered>
        <Stack>
          <Text size="sm">{t.columns[kind]}</Text>
          <Text size="sm" c="dimmed">
            {t.others}
          </Text>
          <FileInput
            label={t.file}
            placeholder={t.filePlaceholder}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={choose}
            clearable
            leftSection={<IconUpload size={16} />}
          />
          <Button variant="light" onClick={review} disabled={!file} loading={previewing.isPending}>
            {t.review}
          </Button>
          {preview ? <PreviewResult preview={preview} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close_}>
              {es.common.cancel}
            </Button>
            <Button
              onClick={commit}
              disabled={!preview || preview.errors.length > 0 || preview.rows === 0}
              loading={committing.isPending}
            >
              {t.commit(preview?.rows ?? 0)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function PreviewResult({ preview }: { preview: ImportPreview }) {
  const { errors } = preview;
  return (
    <Stack gap="xs" data-testid="import-preview">
      <Text fw={600}>{t.summary(preview.rows, preview.toCreate, preview.toUpdate)}</Text>
      {preview.columns.length > 0 ? (
        <Text size="sm" c="dimmed">
          {t.recognized(preview.columns.join(', '))}
        </Text>
      ) : null}
      {errors.length === 0 ? (
        <Alert color="teal" icon={<IconCircleCheck size={18} />}>
          {t.ready}
        </Alert>
      ) : (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t.errorsTitle(errors.length)}>
          <ScrollArea.Autosize mah={260}>
            <Table striped withRowBorders={false} aria-label={t.errorsTitle(errors.length)}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>{t.row}</Table.Th>
                  <Table.Th>{t.problem}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.slice(0, ERRORS_SHOWN).map((error, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{error.row}</Table.Td>
                    <Table.Td>{error.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {errors.length > ERRORS_SHOWN ? <Text size="sm">{t.moreErrors(errors.length - ERRORS_SHOWN)}</Text> : null}
          </ScrollArea.Autosize>
        </Alert>
      )}
    </Stack>
  );
}
