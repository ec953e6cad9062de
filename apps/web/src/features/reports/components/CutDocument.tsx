import { Alert, Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  type CashCountReport,
  type CutData,
  formatPayment,
  PAYMENT_MODE_LABELS,
  parseCutData,
  pesosToCents,
} from '@mostrador/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { es } from '../../../i18n/es';

const t = es.reports.document;
const units = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });
const signed = (n: number) => (n > 0 ? `+${units.format(n)}` : units.format(n));
/** The cut is checked to the centavo: every amount with its two decimals. */
const money = (pesos: number) => formatPayment(pesosToCents(pesos));

/** The four sections of a cut (SPEC 2), from its stored snapshot. */
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
      <TotalsSection cut={cut} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Title order={4} mb="xs">
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

const Num = ({ children }: { children: ReactNode }) => <Table.Td ta="right">{children}</Table.Td>;
const NumTh = ({ children }: { children: ReactNode }) => <Table.Th ta="right">{children}</Table.Th>;

function InventorySection({ cut }: { cut: CutData }) {
  const c = t.inventoryColumns;
  return (
    <Section title={t.inventory}>
      {cut.inventory.length === 0 ? (
        <Text c="dimmed">{t.noData}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table fz="sm" verticalSpacing={6} horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{c.product}</Table.Th>
                <NumTh>{c.initial}</NumTh>
                <NumTh>{c.sales}</NumTh>
                <NumTh>{c.returned}</NumTh>
                <NumTh>{c.adds}</NumTh>
                <NumTh>{c.merma}</NumTh>
                <NumTh>{c.adjustments}</NumTh>
                <NumTh>{c.final}</NumTh>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cut.inventory.map((row) => (
                <Table.Tr key={row.productId}>
                  <Table.Td>
                    <Product name={row.name} code={row.cuid} />
                  </Table.Td>
                  <Num>{units.format(row.initial)}</Num>
                  <Num>{units.format(row.sales)}</Num>
                  <Num>{units.format(row.returned)}</Num>
                  <Num>{units.format(row.adds)}</Num>
                  <Num>{units.format(row.merma)}</Num>
                  <Num>{signed(row.adjustments)}</Num>
                  <Num>
                    <Text span fw={600} size="sm">
                      {units.format(row.final)}
                    </Text>
                  </Num>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function SalesSection({ cut }: { cut: CutData }) {
  const c = t.salesColumns;
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
        <Table.ScrollContainer minWidth={520}>
          <Table fz="sm" verticalSpacing={6} horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{c.product}</Table.Th>
                <NumTh>{c.quantity}</NumTh>
                <NumTh>{c.price}</NumTh>
                <NumTh>{c.total}</NumTh>
                <Table.Th>{c.paymentMode}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cut.sales.map((row) => (
                <Table.Tr key={`${row.productId}-${row.price}-${row.paymentMode}`}>
                  <Table.Td>
                    <Product name={row.name} code={row.productCuid} />
                  </Table.Td>
                  <Num>{units.format(row.units)}</Num>
                  <Num>{money(row.price)}</Num>
                  <Num>{money(row.total)}</Num>
                  <Table.Td>{PAYMENT_MODE_LABELS[row.paymentMode]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function PendingSection({ cut }: { cut: CutData }) {
  const c = t.pendingColumns;
  return (
    <Section title={t.pending}>
      {cut.pending.length === 0 ? (
        <Text c="dimmed">{t.noPending}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table fz="sm" verticalSpacing={6} horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{c.folio}</Table.Th>
                <Table.Th>{c.client}</Table.Th>
                <NumTh>{c.amount}</NumTh>
                <NumTh>{c.paid}</NumTh>
                <NumTh>{c.pending}</NumTh>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cut.pending.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/receipts/${row.id}`} size="sm">
                      #{row.id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.client ?? t.noClient}</Table.Td>
                  <Num>{money(row.amount)}</Num>
                  <Num>{money(row.paid)}</Num>
                  <Num>
                    <Text span fw={600} size="sm">
                      {money(row.pending)}
                    </Text>
                  </Num>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function TotalsSection({ cut }: { cut: CutData }) {
  const { totals } = cut;
  const items = [
    { label: t.totals.totalUnits, value: units.format(totals.totalUnits) },
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
