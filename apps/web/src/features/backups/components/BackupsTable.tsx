import { ActionIcon, Badge, Button, Skeleton, Table, Text } from '@mantine/core';
import { type Backup, BACKUP_KIND_LABELS, formatDateTime } from '@mostrador/shared';
import { IconDownload } from '@tabler/icons-react';
import { es } from '../../../i18n/es';
import { notifyFailure } from '../../../lib/notify';
import { useDownloadBackup } from '../api/backups';

const t = es.backups;

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function BackupsTable({ backups }: { backups: Backup[] }) {
  const download = useDownloadBackup();
  const downloading = (backup: Backup) => download.isPending && download.variables?.name === backup.name;
  const start = (backup: Backup) =>
    download.mutate(backup, { onError: (error) => notifyFailure(t.downloadFailed, error) });
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t.title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.date}</Table.Th>
            <Table.Th>{t.kind}</Table.Th>
            <Table.Th>{t.size}</Table.Th>
            <Table.Th visibleFrom="sm">{t.name}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {backups.map((backup) => (
            <Table.Tr key={backup.name}>
              <Table.Td>{formatDateTime(backup.createdAt)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {/* A narrow phone must show the whole word: the badge's own ellipsis cut it to its first letter. */}
                <Badge
                  variant="light"
                  styles={{ label: { overflow: 'visible' } }}
                  color={backup.kind === 'manual' ? 'blue' : backup.kind === 'migracion' ? 'grape' : 'gray'}
                >
                  {BACKUP_KIND_LABELS[backup.kind]}
                </Badge>
              </Table.Td>
              <Table.Td>{size(backup.sizeBytes)}</Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="xs" ff="monospace">
                  {backup.name}
                </Text>
              </Table.Td>
              <Table.Td>
                {/* At phone width the icon alone, so the row fits without scrolling sideways. */}
                <ActionIcon
                  hiddenFrom="sm"
                  variant="light"
                  aria-label={t.downloadLabel(backup.name)}
                  loading={downloading(backup)}
                  onClick={() => start(backup)}
                >
                  <IconDownload size={16} />
                </ActionIcon>
                <Button
                  visibleFrom="sm"
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} />}
                  aria-label={t.downloadLabel(backup.name)}
                  loading={downloading(backup)}
                  onClick={() => start(backup)}
                >
                  {t.download}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function BackupsTableSkeleton() {
  return (
    <Table aria-hidden>
      <Table.Tbody>
        {Array.from({ length: 4 }, (_, i) => (
          <Table.Tr key={i}>
            <Table.Td>
              <Skeleton height={18} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
