import { Tabs } from '@mantine/core';
import { IconReceiptTax, IconSettings } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { FiscalSettings } from '../../features/fiscal';
import { useShopSettings } from '../../features/settings/api/settings';
import { SettingsForm, SettingsFormSkeleton } from '../../features/settings/components/SettingsForm';
import { es } from '../../i18n/es';
import { getErrorMessage } from '../../lib/errors';

const t = es.settings;

function GeneralSettings() {
  const settings = useShopSettings();
  if (settings.isPending) return <SettingsFormSkeleton />;
  if (settings.isError) {
    return (
      <ErrorState
        title={t.loadError}
        detail={getErrorMessage(settings.error)}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return <SettingsForm settings={settings.data} />;
}

/**
 * 'Configuración' (Admin): the shop's identity, public address and rules, and in a second tab
 * its fiscal data and CSD. The tab is in the address (?vista=fiscal): a reload keeps it.
 */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('vista') === 'fiscal' ? 'fiscal' : 'general';
  return (
    <>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <Tabs
        value={tab}
        onChange={(next) => setParams(next === 'fiscal' ? { vista: 'fiscal' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="general" leftSection={<IconSettings size={16} />}>
            {es.fiscal.tabs.general}
          </Tabs.Tab>
          <Tabs.Tab value="fiscal" leftSection={<IconReceiptTax size={16} />}>
            {es.fiscal.tabs.fiscal}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general">
          <GeneralSettings />
        </Tabs.Panel>
        <Tabs.Panel value="fiscal">
          <FiscalSettings />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
