import { Table } from '@mantine/core';
import { formatPayment, pesosToCents, type TaxReport, taxRowLabel } from '@mostrador/shared';
import { es } from '../../../i18n/es';

const t = es.reports.taxes;
const money = (pesos: number) => formatPayment(pesosToCents(pesos));

/** A period's taxes: one row per combination of rates (sales less returns) and the total. */
export function TaxTable({ report, label }: { report: TaxReport; label: string }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped aria-label={label} data-testid="tax-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.rates}</Table.Th>
            <Table.Th ta="right">{t.base}</Table.Th>
            <Table.Th ta="right">{t.ieps}</Table.Th>
            <Table.Th ta="right">{t.iva}</Table.Th>
            <Table.Th ta="right">{t.total}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={taxRowLabel(row)}>
              <Table.Td>{taxRowLabel(row)}</Table.Td>
              <Table.Td ta="right">{money(row.base)}</Table.Td>
              <Table.Td ta="right">{money(row.ieps)}</Table.Td>
              <Table.Td ta="right">{money(row.iva)}</Table.Td>
              <Table.Td ta="right">{money(row.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td>{t.total}</Table.Td>
            <Table.Td ta="right">{money(report.totals.base)}</Table.Td>
            <Table.Td ta="right">{money(report.totals.ieps)}</Table.Td>
            <Table.Td ta="right">{money(report.totals.iva)}</Table.Td>
            <Table.Td ta="right">{money(report.totals.total)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
