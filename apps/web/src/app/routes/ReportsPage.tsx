import { Button, Grid, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { UnbilledWarning } from '../../features/invoices';
import { CreateCutModal } from '../../features/reports/components/CreateCutModal';
import { CutViewer } from '../../features/reports/components/CutViewer';
import { InventoryLogList } from '../../features/reports/components/InventoryLogList';
import { MonthTaxesReport } from '../../features/reports/components/MonthTaxesReport';
import { ProfitReportSection } from '../../features/reports/components/ProfitReportSection';
import { ReceivablesReport } from '../../features/reports/components/ReceivablesReport';
import { ExportButton } from '../../features/spreadsheets';
import { es } from '../../i18n/es';

const t = es.reports;

/** Reports: inventory movements on the left, the cut document on the right (stacked under 768 px). */
export default function ReportsPage() {
  const [creating, createModal] = useDisclosure(false);
  // Position in the cuts, newest first: 0 is the newest.
  const [cutIndex, setCutIndex] = useState(0);

  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          <>
            <ExportButton datasets={['movements']} />
            <Button leftSection={<IconFileInvoice size={18} />} onClick={createModal.open}>
              {t.createCut}
            </Button>
          </>
        }
      />
      <UnbilledWarning withIssue />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 5, lg: 4 }} order={{ base: 2, sm: 1 }}>
          <Title order={2} size="h4" mb="sm">
            {t.logs.title}
          </Title>
          <InventoryLogList />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7, lg: 8 }} order={{ base: 1, sm: 2 }}>
          <Title order={2} size="h4" mb="sm">
            {t.cuts.title}
          </Title>
          <CutViewer index={cutIndex} onIndexChange={setCutIndex} />
        </Grid.Col>
        <Grid.Col span={12} order={3}>
          <ReceivablesReport />
        </Grid.Col>
        <Grid.Col span={12} order={4}>
          <MonthTaxesReport />
        </Grid.Col>
        <Grid.Col span={12} order={5}>
          <ProfitReportSection />
        </Grid.Col>
      </Grid>
      <CreateCutModal opened={creating} onClose={createModal.close} onCreated={() => setCutIndex(0)} />
    </>
  );
}
