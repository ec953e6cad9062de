import { Alert, Button, FileInput, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CsdSummary } from '@mostrador/shared';
import { IconAlertTriangle, IconCertificate, IconCircleCheck, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { notifyError, notifyFailure, notifySuccess } from '../../../lib/notify';
import { useUploadCsd } from '../api/fiscal';
import { csdDate, csdValidity } from '../csd-validity';

const t = es.fiscal.csd;

/** The loaded CSD's public facts; its validity in a warning colour near or past its end. */
function CsdFacts({ csd }: { csd: CsdSummary }) {
  const validity = csdValidity(csd.validTo);
  const date = csdDate(csd.validTo);
  const [color, text, Icon] =
    validity === 'expired'
      ? (['red', t.expired(date), IconAlertTriangle] as const)
      : validity === 'expiring'
        ? (['orange', t.expiresSoon(date), IconAlertTriangle] as const)
        : (['teal', t.validUntil(date), IconCircleCheck] as const);
  return (
    <Stack gap="xs" data-testid="csd-loaded">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <div>
          <Text size="sm" c="dimmed">
            {t.certificateNumber}
          </Text>
          <Text ff="monospace">{csd.certificateNumber}</Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            {t.rfc}
          </Text>
          <Text ff="monospace">{csd.rfc}</Text>
        </div>
      </SimpleGrid>
      <Alert color={color} variant="light" icon={<Icon size={18} />} p="xs">
        {text}
      </Alert>
    </Stack>
  );
}

/** 'Certificado de sello digital (CSD)': what is loaded, and the upload of a new one. */
export function CsdCard({ csd, hasRfc }: { csd: CsdSummary | null; hasRfc: boolean }) {
  const upload = useUploadCsd();
  const [cer, setCer] = useState<File | null>(null);
  const [key, setKey] = useState<File | null>(null);
  const [password, setPassword] = useState('');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!cer || !key || password === '') {
      notifyError(t.missing);
      return;
    }
    upload.mutate(
      { cer, key, password },
      {
        onSuccess: () => {
          notifySuccess(t.uploaded);
          setCer(null);
          setKey(null);
          setPassword('');
        },
        onError: (error) => {
          notifyFailure(t.uploadFailed, error);
          setPassword('');
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t.title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              {t.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t.hint}
            </Text>
          </div>
          {csd ? (
            <CsdFacts csd={csd} />
          ) : (
            <Text size="sm" c="dimmed">
              {t.none}
            </Text>
          )}
          {!hasRfc && (
            <Alert color="blue" variant="light" p="xs">
              {t.needsRfc}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <FileInput
              label={t.cer}
              placeholder={t.pick}
              accept=".cer"
              clearable
              leftSection={<IconCertificate size={16} />}
              value={cer}
              onChange={setCer}
              disabled={!hasRfc}
            />
            <FileInput
              label={t.key}
              placeholder={t.pick}
              accept=".key"
              clearable
              value={key}
              onChange={setKey}
              disabled={!hasRfc}
            />
            <PasswordInput
              label={t.password}
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              disabled={!hasRfc}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={upload.isPending} disabled={!hasRfc} leftSection={<IconUpload size={18} />}>
              {t.upload}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
