import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconDatabase, IconDatabaseExport } from '@tabler/icons-react';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { useBackups, useCreateBackup } from '../../features/backups/api/backups';
import { BackupsTable, BackupsTableSkeleton } from '../../features/backups/components/BackupsTable';
import { es } from '../../i18n/es';
import { getErrorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';

const t = es.backups;

export default function BackupsPage() {
  const backups = useBackups();
  const create = useCreateBackup();
  const embedded = backups.data?.embedded ?? true;

  const backUpNow = () =>
    create.mutate(undefined, {
      onSuccess: () => notifySuccess(t.created),
      onError: (error) => notifyFailure(t.createFailed, error),
    });

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={backups.data?.embedded ? t.subtitle(backups.data.everyHours, backups.data.keep) : undefined}
        actions={
          embedded ? (
            <Button
              leftSection={<IconDatabaseExport size={18} />}
              onClick={backUpNow}
              loading={create.isPending}
              disabled={!backups.data}
            >
              {t.create}
            </Button>
          ) : null
        }
      />
      {backups.data && !embedded ? (
        <Alert icon={<IconDatabase size={18} />} title={t.postgresTitle} color="blue">
          {t.postgres}
        </Alert>
      ) : (
        <Stack>
          <Paper withBorder radius="md" p={0}>
            {backups.isPending ? (
              <BackupsTableSkeleton />
            ) : backups.isError ? (
              <ErrorState
                title={t.loadError}
                detail={getErrorMessage(backups.error)}
                onRetry={() => void backups.refetch()}
              />
            ) : backups.data.backups.length === 0 ? (
              <Stack align="center" gap="xs" p="xl">
                <Text fw={600}>{t.empty}</Text>
                <Text size="sm" c="dimmed">
                  {t.emptyHint}
                </Text>
              </Stack>
            ) : (
              <BackupsTable backups={backups.data.backups} />
            )}
          </Paper>
          <Text size="sm" c="dimmed">
            {t.restoreHint}
          </Text>
        </Stack>
      )}
    </>
  );
}
