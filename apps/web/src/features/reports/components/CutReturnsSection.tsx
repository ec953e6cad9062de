import { Anchor, Text, Title } from '@mantine/core';
import { type CutData, type CutReturn, formatDateTime, formatPayment, pesosToCents } from '@mostrador/shared';
import { Link } from 'react-router';
import { es } from '../../../i18n/es';
import { type Column, CutTable } from './CutTable';

const t = es.returns.cut;
const money = (pesos: number) => formatPayment(pesosToCents(pesos));

const columns: Array<Column<CutReturn>> = [
  {
    header: t.columns.folio,
    cell: (row) => (
      <Anchor component={Link} to={`/receipts/${row.receiptId}`} size="sm">
        #{row.receiptId}
      </Anchor>
    ),
  },
  { header: t.columns.client, cell: (row) => row.client ?? es.reports.document.noClient },
  { header: t.columns.date, cell: (row) => formatDateTime(row.createdAt) },
  { header: t.columns.user, cell: (row) => row.user },
  { header: t.columns.reason, cell: (row) => row.reason },
  { header: t.columns.method, cell: (row) => es.paymentMethod.names[row.method] },
  { header: t.columns.amount, numeric: true, cell: (row) => `−${money(row.amount)}` },
  { header: t.columns.refund, numeric: true, cell: (row) => `−${money(row.refund)}` },
];

/** The day's returns (devoluciones), apart from its sales; only in a cut that has any. */
export function CutReturnsSection({ cut }: { cut: CutData }) {
  if (!cut.returns || cut.returns.length === 0) return null;
  return (
    <section aria-label={t.title}>
      <Title order={3} size="h4" mb="xs">
        {t.title}
      </Title>
      <CutTable columns={columns} rows={cut.returns} rowKey={(row) => row.id} minWidth={720} />
      <Text size="sm" fw={600} ta="right" mt={4} data-testid="cut-returns-total">
        {t.total(money(cut.totals.totalReturned ?? 0), money(cut.totals.totalRefunded ?? 0))}
      </Text>
    </section>
  );
}
