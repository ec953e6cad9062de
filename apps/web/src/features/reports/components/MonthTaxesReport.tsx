import { Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { businessToday, formatPayment, pesosToCents, taxFigures } from '@mostrador/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { useDownloadMonthTaxes, useMonthTaxes } from '../api/taxes';
import { TaxTable } from './TaxTable';

const t = es.reports.taxes;
const money = (pesos: number) => formatPayment(pesosToCents(pesos));

/** 'Impuestos del mes': any month's sales by rate less its returns, the declaration's figures, a CSV. */
export function MonthTaxesReport() {
  const [month, setMonth] = useState(() => businessToday().slice(0, 7));
  const report = useMonthTaxes(month);
  const download = useDownloadMonthTaxes();
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" align="end">
        <Group align="end">
          <Title order={3} size="h4">
            {t.monthTitle}
          </Title>
          <MonthPickerInput
            label={t.month}
            value={`${month}-01`}
            onChange={(value) => value && setMonth(value.slice(0, 7))}
            maxDate={businessToday()}
            valueFormat="MMMM YYYY"
            w={200}
          />
        </Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          loading={download.isPending}
          onClick={() =>
            download.mutate(month, {
              onError: (error) =>
                notifications.show({ color: 'red', title: t.downloadFailed, message: getErrorMessage(error) }),
            })
          }
        >
          {t.download}
        </Button>
      </Group>
      {report.isPending ? (
        <Skeleton height={120} data-testid="month-taxes-loading" />
      ) : report.isError ? (
        <ErrorState title={t.loadError} detail={getErrorMessage(report.error)} onRetry={() => void report.refetch()} />
      ) : report.data.rows.length === 0 ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : (
        <>
          <TaxTable report={report.data} label={t.monthTitle} />
          <Title order={4} size="h5">
            {t.figures}
          </Title>
          <Table maw={520} aria-label={t.figures} data-testid="tax-figures">
            <Table.Tbody>
              {taxFigures(report.data.rows).map((figure) => (
                <Table.Tr key={figure.label}>
                  <Table.Td>{figure.label}</Table.Td>
                  <Table.Td ta="right">{money(figure.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
