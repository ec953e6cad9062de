import { Alert, Anchor, Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  CASH_RESULT_COLORS,
  type CashCountReport,
  type CutData,
  type CutLateEntry,
  type CutShift,
  formatDateTime,
  formatPayment,
  formatQuantity,
  formatSignedQuantity,
  LATE_ENTRY_WORDS,
  PAYMENT_METHODS,
  cutPaymentLabel,
  cutMarginText,
  CUT_PROFIT_TEXTS,
  PAYMENT_MODE_LABELS,
  parseCutData,
  pesosToCents,
} from '@mostrador/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { es } from '../../../i18n/es';
import { CutReturnsSection } from './CutReturnsSection';
import { CutCashSection } from './CutCashSection';
import { CutTaxesSection } from './CutTaxesSection';
import { type Column, CutTable } from './CutTable';

const t = es.reports.document;
/** The cut is checked to the centavo: every amount with its two decimals. */
const money = (pesos: number) => formatPayment(pesosToCents(pesos));

/** A difference with its sign: '+$20.00', '-$35.50'. */
const signedMoney = (pesos: number) => (pesos > 0 ? `+${money(pesos)}` : pesos < 0 ? `-${money(-pesos)}` : money(0));

/**
 * A cut from its stored snapshot: the summary first (cash expected, counted and difference, totals,
 * payments by method, quantities per unit), the day's shifts, then inventory movements, sales and
 * pending payments, and what was recorded after the day's previous cut when there is any.
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
      <SummarySection cut={cut} />
      {cut.cash ? <CutCashSection cash={cut.cash} /> : null}
      <CutTaxesSection cut={cut} />
      {cut.shifts ? <ShiftsSection shifts={cut.shifts} /> : null}
      <InventorySection cut={cut} />
      <SalesSection cut={cut} />
      <PendingSection cut={cut} />
      <CutReturnsSection cut={cut} />
      {cut.late && cut.late.length > 0 ? <LateSection late={cut.late} /> : null}
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
  { header: sc.paymentMode, cell: (row) => cutPaymentLabel(row) },
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
          rowKey={(row) => `${row.productId}-${row.price}-${row.paymentMode}-${row.method ?? ''}`}
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

const shc = t.shiftColumns;
const shiftColumns: Array<Column<CutShift>> = [
  { header: shc.user, cell: (row) => row.user.name },
  { header: shc.opened, cell: (row) => formatDateTime(row.openedAt) },
  { header: shc.closed, cell: (row) => (row.closedAt ? formatDateTime(row.closedAt) : t.shiftOpen) },
  { header: shc.expected, numeric: true, cell: (row) => money(row.expected) },
  { header: shc.counted, numeric: true, cell: (row) => (row.counted === null ? '—' : money(row.counted)) },
  {
    header: shc.difference,
    numeric: true,
    cell: (row) =>
      row.difference === null ? (
        '—'
      ) : (
        <Text span fw={600} size="sm" c={row.result ? CASH_RESULT_COLORS[row.result] : undefined}>
          {signedMoney(row.difference)}
        </Text>
      ),
  },
  {
    header: shc.result,
    cell: (row) =>
      row.result ? (
        <Badge size="sm" variant="light" color={CASH_RESULT_COLORS[row.result]}>
          {row.result}
        </Badge>
      ) : (
        <Badge size="sm" variant="outline" color="gray">
          {t.shiftOpen}
        </Badge>
      ),
  },
];

function ShiftsSection({ shifts }: { shifts: CutShift[] }) {
  return (
    <Section title={t.shifts}>
      {shifts.length === 0 ? (
        <Text c="dimmed">{t.cash.noShifts}</Text>
      ) : (
        <CutTable columns={shiftColumns} rows={shifts} rowKey={(row) => row.id} minWidth={640} />
      )}
    </Section>
  );
}

interface Figure {
  label: string;
  value: string;
  color?: string;
}

function Figures({ items, testId, cols = 3 }: { items: Figure[]; testId: string; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: cols }} spacing="sm">
      {items.map((item) => (
        <Paper key={item.label} withBorder radius="md" p="sm" data-testid={testId}>
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
          <Text fw={700} size="lg" c={item.color}>
            {item.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const p = CUT_PROFIT_TEXTS;

/** The day's gross profit (cuts made before profit have none): the 'sin costo' sales apart. */
function profitFigures(profit: CutData['profit']): Figure[] | null {
  if (!profit) return null;
  const figures: Figure[] = [
    { label: p.revenue, value: money(profit.revenue) },
    { label: p.cost, value: money(profit.cost) },
    { label: p.profit, value: money(profit.profit), color: profit.profit < 0 ? 'red' : undefined },
    { label: p.margin, value: cutMarginText(profit.margin) },
  ];
  if (profit.noCostRevenue !== 0)
    figures.push({ label: p.noCost, value: money(profit.noCostRevenue), color: 'var(--mantine-color-orange-text)' });
  return figures;
}

/** What was sold per unit: kilograms are never added to pieces (old cuts had one sum of pieces). */
function unitFigures(totals: CutData['totals']): Figure[] {
  if (totals.totalQuantities) {
    return totals.totalQuantities.map((total) => ({
      label: total.unit,
      value: formatQuantity(total.quantity),
    }));
  }
  return [{ label: t.totals.totalUnits, value: formatQuantity(totals.totalUnits ?? 0) }];
}

function SummarySection({ cut }: { cut: CutData }) {
  const { totals, shifts } = cut;
  const closed = (shifts ?? []).filter((shift) => shift.closedAt !== null);
  const openCount = (shifts?.length ?? 0) - closed.length;
  const cents = (values: number[]) => values.reduce((sum, value) => sum + pesosToCents(value), 0);
  const differenceCents = cents(closed.map((shift) => shift.difference ?? 0));
  const cash: Figure[] = [
    { label: t.cash.expected, value: formatPayment(cents((shifts ?? []).map((shift) => shift.expected))) },
    { label: t.cash.counted, value: formatPayment(cents(closed.map((shift) => shift.counted ?? 0))) },
    {
      label: t.cash.difference,
      value: signedMoney(differenceCents / 100),
      color: differenceCents < 0 ? 'red' : differenceCents > 0 ? 'blue' : undefined,
    },
  ];
  const money3: Figure[] = [
    { label: t.totals.totalAmount, value: money(totals.totalAmount) },
    { label: t.totals.totalPayments, value: money(totals.totalPayments) },
    { label: t.totals.totalDue, value: money(totals.totalDue) },
  ];
  const units = unitFigures(totals);
  const profit = profitFigures(cut.profit);
  return (
    <Section title={t.summary}>
      <Stack gap="sm">
        {shifts && shifts.length > 0 ? (
          <>
            <Figures items={cash} testId="cut-cash" />
            {openCount > 0 ? (
              <Text size="xs" c="dimmed">
                {t.cash.openShifts(openCount)}
              </Text>
            ) : null}
          </>
        ) : null}
        <Figures items={money3} testId="cut-total" />
        {totals.byMethod ? (
          <div>
            <Text size="sm" fw={600} mb={4}>
              {t.byMethod}
            </Text>
            <Figures
              items={PAYMENT_METHODS.map((method) => ({ label: method, value: money(totals.byMethod?.[method] ?? 0) }))}
              testId="cut-method"
            />
          </div>
        ) : null}
        {profit ? (
          <div>
            <Text size="sm" fw={600} mb={4}>
              {p.title}
            </Text>
            <Figures items={profit} testId="cut-profit" cols={profit.length} />
          </div>
        ) : null}
        <div>
          <Text size="sm" fw={600} mb={4}>
            {t.byUnit}
          </Text>
          {units.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t.noUnits}
            </Text>
          ) : (
            <Figures items={units} testId="cut-unit" cols={4} />
          )}
        </div>
      </Stack>
    </Section>
  );
}
