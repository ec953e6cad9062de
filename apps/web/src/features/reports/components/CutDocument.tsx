import { Alert, Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type CashCountReport,
  type CutData,
  type CutLateEntry,
  formatCutQuantities,
  formatDateTime,
  formatPayment,
  formatQuantity,
  formatSignedQuantity,
  LATE_ENTRY_WORDS,
  PAYMENT_MODE_LABELS,
  parseCutData,
  pesosToCents,
} from '@mostrador/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { es } from '../../../i18n/es';
import { type Column, CutTable } from './CutTable';

const t = es.reports.document;
/** The cut is checked to the centavo: every amount with its two decimals. */
const money = (pesos: number) => formatPayment(pesosToCents(pesos));

/**
 * The sections of a cut (inventory movements, sales, pending payments, what was recorded after the
 * day's previous cut when there is any, totals), from its stored snapshot.
 */
export function CutDocument({ report }: { report: CashCountReport }) {
  const cut = useMemo(() => parseCutData(report.data), [report.data]);
  if (!cut) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} role="alert">
        {t.unreadable}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <InventorySection cut={cut} />
      <SalesSection cut={cut} />
      <PendingSection cut={cut} />
      {cut.late && cut.late.length > 0 ? <LateSection late={cut.late} /> : null}
      <TotalsSection cut={cut} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Title order={3} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

function Product({ name, code }: { name: string; code: string }) {
  return (
    <>
      <Text size="sm" fw={500} lineClamp={2}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {code}
      </Text>
    </>
  );
}

/** A figure that closes a row (final stock, what is still owed). */
const Strong = ({ children }: { children: ReactNode }) => (
  <Text span fw={600} size="sm">
    {children}
  </Text>
);

type InventoryRow = CutData['inventory'][number];
type SalesRow = CutData['sales'][number];
type PendingRow = CutData['pending'][number];
type LateRow = CutLateEntry;

const ic = t.inventoryColumns;
const inventoryColumns: Array<Column<InventoryRow>> = [
  { header: ic.product, cell: (row) => <Product name={row.name} code={row.cuid} /> },
  { header: ic.initial, numeric: true, cell: (row) => formatQuantity(row.initial) },
  { header: ic.sales, numeric: true, cell: (row) => formatQuantity(row.sales) },
  { header: ic.returned, numeric: true, cell: (row) => formatQuantity(row.returned) },
  { header: ic.adds, numeric: true, cell: (row) => formatQuantity(row.adds) },
  { header: ic.merma, numeric: true, cell: (row) => formatQuantity(row.merma) },
  { header: ic.adjustments, numeric: true, cell: (row) => formatSignedQuantity(row.adjustments) },
  { header: ic.final, numeric: true, cell: (row) => <Strong>{formatQuantity(row.final)}</Strong> },
];

const sc = t.salesColumns;
const salesColumns: Array<Column<SalesRow>> = [
  { header: sc.product, cell: (row) => <Product name={row.name} code={row.productCuid} /> },
  { header: sc.quantity, numeric: true, cell: (row) => formatQuantity(row.units, row.unit) },
  { header: sc.price, numeric: true, cell: (row) => money(row.price) },
  { header: sc.total, numeric: true, cell: (row) => money(row.total) },
  { header: sc.paymentMode, cell: (row) => PAYMENT_MODE_LABELS[row.paymentMode] },
];

const pc = t.pendingColumns;
const pendingColumns: Array<Column<PendingRow>> = [
  {
    header: pc.folio,
    cell: (row) => (
      <Anchor component={Link} to={`/receipts/${row.id}`} size="sm">
        #{row.id}
      </Anchor>
    ),
  },
  { header: pc.client, cell: (row) => row.client ?? t.noClient },
  { header: pc.amount, numeric: true, cell: (row) => money(row.amount) },
  { header: pc.paid, numeric: true, cell: (row) => money(row.paid) },
  { header: pc.pending, numeric: true, cell: (row) => <Strong>{money(row.pending)}</Strong> },
];

const lc = t.lateColumns;
const lateColumns: Array<Column<LateRow>> = [
  {
    header: lc.folio,
    cell: (row) => (
      <Anchor component={Link} to={`/receipts/${row.receiptId}`} size="sm">
        #{row.receiptId}
      </Anchor>
    ),
  },
  { header: lc.kind, cell: (row) => LATE_ENTRY_WORDS[row.kind] },
  { header: lc.client, cell: (row) => row.client ?? t.noClient },
  { header: lc.date, cell: (row) => formatDateTime(row.date) },
  { header: lc.paymentMode, cell: (row) => PAYMENT_MODE_LABELS[row.paymentMode] },
  { header: lc.amount, numeric: true, cell: (row) => <Strong>{money(row.amount)}</Strong> },
];

/** What was recorded into this day after its previous cut (only in a cut that has any). */
function LateSection({ late }: { late: LateRow[] }) {
  return (
    <Section title={t.late}>
      <CutTable
        columns={lateColumns}
        rows={late}
        rowKey={(row) => `${row.kind}-${row.receiptId}-${row.recordedAt}`}
        minWidth={560}
      />
    </Section>
  );
}

function InventorySection({ cut }: { cut: CutData }) {
  return (
    <Section title={t.inventory}>
      {cut.inventory.length === 0 ? (
        <Text c="dimmed">{t.noData}</Text>
      ) : (
        <CutTable columns={inventoryColumns} rows={cut.inventory} rowKey={(row) => row.productId} minWidth={640} />
      )}
    </Section>
  );
}

function SalesSection({ cut }: { cut: CutData }) {
  return (
    <Section title={t.sales}>
      {cut.sales.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text fw={600}>{t.noSalesTitle}</Text>
          <Text size="sm" c="dimmed">
            {t.noSales}
          </Text>
        </Paper>
      ) : (
        <CutTable
          columns={salesColumns}
          rows={cut.sales}
          rowKey={(row) => `${row.productId}-${row.price}-${row.paymentMode}`}
          minWidth={520}
        />
      )}
    </Section>
  );
}

function PendingSection({ cut }: { cut: CutData }) {
  return (
    <Section title={t.pending}>
      {cut.pending.length === 0 ? (
        <Text c="dimmed">{t.noPending}</Text>
      ) : (
        <CutTable columns={pendingColumns} rows={cut.pending} rowKey={(row) => row.id} minWidth={480} />
      )}
    </Section>
  );
}

function TotalsSection({ cut }: { cut: CutData }) {
  const { totals } = cut;
  const items = [
    { label: t.totals.totalUnits, value: formatCutQuantities(totals) },
    { label: t.totals.totalAmount, value: money(totals.totalAmount) },
    { label: t.totals.totalPayments, value: money(totals.totalPayments) },
    { label: t.totals.totalDue, value: money(totals.totalDue) },
  ];
  return (
    <Section title={t.summary}>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm">
        {items.map((item) => (
          <Paper key={item.label} withBorder radius="md" p="sm" data-testid="cut-total">
            <Text size="xs" c="dimmed">
              {item.label}
            </Text>
            <Text fw={700} size="lg">
              {item.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Section>
  );
}
