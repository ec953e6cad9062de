import { Alert, Button, FileInput, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { type CfdiDraftOrError, isCfdiFileError, MAX_CFDI_FILES } from '@mostrador/shared';
import { IconFileCode, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { getServerMessage } from '../../../lib/errors';
import { useProducts } from '../../products';
import { useReadCfdi } from '../api/read-cfdi';
import { texts } from '../texts';
import { CfdiDraftCard } from './CfdiDraftCard';

/** 'Cargar XML de proveedor': upload supplier XMLs, review each draft, register each purchase. */
export function CfdiUploadScreen() {
  const [files, setFiles] = useState<File[]>([]);
  const read = useReadCfdi();
  const products = useProducts();
  const [drafts, setDrafts] = useState<CfdiDraftOrError[] | null>(null);
  /** Purchases registered from this upload, by UUID. */
  const [registered, setRegistered] = useState<ReadonlyMap<string, number>>(new Map());
  const navigate = useNavigate();

  /** The last draft of the upload registered: its purchase; else stay for the others. */
  const onRegistered = (uuid: string, purchaseId: number) => {
    const next = new Map(registered).set(uuid, purchaseId);
    setRegistered(next);
    const pending = (drafts ?? []).filter((d) => !isCfdiFileError(d) && !d.alreadyImported && !next.has(d.cfdiUuid));
    if (pending.length === 0) void navigate(`/compras/${purchaseId}`);
  };

  const submit = () => {
    if (files.length === 0) return;
    read.mutate(files, {
      onSuccess: (answer) => {
        setDrafts(answer);
        setRegistered(new Map());
      },
    });
  };

  return (
    <Stack gap="md">
      <PageHeader title={texts.title} subtitle={texts.subtitle} />
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <FileInput
            label={texts.pick}
            placeholder={texts.pickPlaceholder}
            multiple
            clearable
            accept=".xml,text/xml,application/xml"
            leftSection={<IconFileCode size={18} />}
            value={files}
            onChange={(value) => setFiles(value.slice(0, MAX_CFDI_FILES))}
            miw={320}
            style={{ flex: 1 }}
          />
          <Button
            leftSection={<IconFileUpload size={18} />}
            onClick={submit}
            disabled={files.length === 0}
            loading={read.isPending}
          >
            {texts.read}
          </Button>
        </Group>
      </Paper>

      {read.isError ? (
        <ErrorState title={texts.readFailed} detail={getServerMessage(read.error) ?? undefined} onRetry={submit} />
      ) : null}
      {products.isError ? <ErrorState title={texts.productsFailed} onRetry={() => void products.refetch()} /> : null}

      {read.isPending || (drafts && products.isPending) ? (
        <Stack gap="sm" data-testid="cfdi-drafts-skeleton">
          <Skeleton height={140} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      ) : drafts === null ? (
        <Paper withBorder p="xl" radius="md">
          <Stack gap={4} align="center">
            <Text fw={500}>{texts.empty}</Text>
            <Text size="sm" c="dimmed">
              {texts.emptyHint}
            </Text>
          </Stack>
        </Paper>
      ) : (
        drafts.map((draft, index) =>
          isCfdiFileError(draft) ? (
            <Alert
              key={`${index}-${draft.fileName}`}
              color="red"
              variant="light"
              title={`${texts.fileError}: ${draft.fileName}`}
            >
              {draft.error}
            </Alert>
          ) : (
            <CfdiDraftCard
              key={draft.cfdiUuid}
              draft={draft}
              products={products.data ?? []}
              registeredId={registered.get(draft.cfdiUuid) ?? null}
              onRegistered={(purchaseId) => onRegistered(draft.cfdiUuid, purchaseId)}
            />
          ),
        )
      )}
    </Stack>
  );
}
