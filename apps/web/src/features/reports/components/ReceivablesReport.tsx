import { Anchor, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { AGING_BUCKETS, businessToday, formatPayment, pesosToCents } from '@mostrador/shared';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { es } from '../../../i18n/es';
import { saveBlob } from '../../../lib/download';
import { getErrorMessage } from '../../../lib/errors';
import { useReceivables } from '../api/receivables';
import { receivablesCsv } from '../receivables-csv';

const t = es.reports.receivables;
const money = (pesos: number) => formatPayment(pesosToCents(pesos));

/** The file already starts with a byte-order mark, so spreadsheet programs read the accents as UTF-8. */
function download(csv: string) {
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), t.fileName(businessToday()));
}

/** Cuentas por cobrar: every client who owes, by age of the debt, most overdue first. */
export function ReceivablesReport() {
  const report = useReceivables();
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h4">
          {t.title}
        </Title>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          disabled={!report.data}
          onClick={() => report.data && download(receivablesCsv(report.data))}
        >
          {t.download}
        </Button>
      </Group>
      {report.isPending ? (
        <Skeleton height={120} data-testid="receivables-loading" />
      ) : report.isError ? (
        <ErrorState title={t.loadError} detail={getErrorMessage(report.error)} onRetry={() => void report.refetch()} />
      ) : report.data.clients.length === 0 ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label={t.title} data-testid="receivables-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.client}</Table.Th>
                <Table.Th ta="right">{t.balance}</Table.Th>
                <Table.Th ta="right">{t.overdue}</Table.Th>
                {AGING_BUCKETS.map((bucket) => (
                  <Table.Th key={bucket} ta="right">
                    {t[bucket]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.data.clients.map((row) => (
                <Table.Tr key={row.clientId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/clients/${row.clientId}`} size="sm">
                      {row.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{money(row.balance)}</Table.Td>
                  <Table.Td ta="right" c={row.overdue > 0 ? 'red' : undefined}>
                    {money(row.overdue)}
                  </Table.Td>
                  {AGING_BUCKETS.map((bucket) => (
                    <Table.Td key={bucket} ta="right">
                      {money(row[bucket])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Td>{t.totals}</Table.Td>
                <Table.Td ta="right">{money(report.data.totals.balance)}</Table.Td>
                <Table.Td ta="right">{money(report.data.totals.overdue)}</Table.Td>
                {AGING_BUCKETS.map((bucket) => (
                  <Table.Td key={bucket} ta="right">
                    {money(report.data.totals[bucket])}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
