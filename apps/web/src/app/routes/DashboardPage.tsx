import { Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { es } from '../../i18n/es';

export default function DashboardPage() {
  return (
    <>
      <PageHeader title={es.access.dashboard} />
      <Text c="dimmed">{es.access.dashboardText}</Text>
    </>
  );
}
