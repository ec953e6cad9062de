import { Table } from '@mantine/core';
import { formatTotal } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import type { InvoiceTotals } from '../invoice-forms';

const t = es.invoices.dialog;

/** The chosen receipts' subtotal, taxes and total (and what returns took back, when any did). */
export function InvoiceTotalsTable({ totals }: { totals: InvoiceTotals }) {
  const rows: [string, number, boolean?][] = [
    [t.subtotal, totals.subtotal],
    ...(totals.ieps > 0 ? [[t.ieps, totals.ieps] as [string, number]] : []),
    [t.iva, totals.iva],
    [t.total, totals.total, totals.returned === 0],
    ...(totals.returned > 0
      ? [[t.returned, -totals.returned] as [string, number], [t.net, totals.net, true] as [string, number, boolean]]
      : []),
  ];
  return (
    <Table verticalSpacing={2} fz="sm" data-testid="invoice-totals" maw={360} ml="auto">
      <Table.Tbody>
        {rows.map(([label, cents, bold]) => (
          <Table.Tr key={label}>
            <Table.Td fw={bold ? 700 : undefined}>{label}</Table.Td>
            <Table.Td ta="right" fw={bold ? 700 : undefined}>
              {cents < 0 ? `−${formatTotal(-cents)}` : formatTotal(cents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
