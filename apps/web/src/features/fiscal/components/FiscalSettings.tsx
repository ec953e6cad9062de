import { Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { ErrorState } from '../../../components/ErrorState';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { useBusinessFiscal } from '../api/fiscal';
import { CsdCard } from './CsdCard';
import { FiscalIdentityForm } from './FiscalIdentityForm';

const t = es.fiscal;

/** 'Datos fiscales' (Admin): the shop's fiscal identity and its CSD. */
export function FiscalSettings() {
  const fiscal = useBusinessFiscal();
  if (fiscal.isPending) return <FiscalSettingsSkeleton />;
  if (fiscal.isError) {
    return (
      <ErrorState title={t.loadError} detail={getErrorMessage(fiscal.error)} onRetry={() => void fiscal.refetch()} />
    );
  }
  return (
    <Stack gap="lg">
      <FiscalIdentityForm fiscal={fiscal.data} />
      <CsdCard csd={fiscal.data.csd} hasRfc={fiscal.data.rfc !== null} />
    </Stack>
  );
}

function FiscalSettingsSkeleton() {
  return (
    <Stack gap="lg" data-testid="fiscal-loading" aria-hidden>
      {[6, 3].map((fields, section) => (
        <Paper key={section} withBorder radius="md" p="md">
          <Stack gap="md">
            <Skeleton height={20} width={200} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {Array.from({ length: fields }, (_, i) => (
                <Skeleton key={i} height={56} />
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
