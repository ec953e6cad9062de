import { Group, Stack, Table, Text } from '@mantine/core';
import {
  businessDayBounds,
  formatPayment,
  formatShortDate,
  pesosToCents,
  type PublicStatement,
  statementLineConcept,
} from '@mostrador/shared';
import { es } from '../../../i18n/es';

const t = es.clients.statement;
const money = (pesos: number) => formatPayment(pesosToCents(pesos));
const day = (ymd: string) => formatShortDate(businessDayBounds(ymd).start);

/** What the table shows of a statement: the staff's (lines with their notes) or a shared one (none). */
type StatementView = Pick<PublicStatement, 'from' | 'to' | 'opening' | 'closing' | 'overdue'> & {
  lines: ReadonlyArray<PublicStatement['lines'][number] & { note?: string | null }>;
};

/** The statement: opening balance, every movement with the running balance, closing and overdue. */
export function StatementTable({ statement }: { statement: StatementView }) {
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t.periodText(day(statement.from), day(statement.to))}
      </Text>
      {/* Narrow enough for a phone (a shared link opens on one): the concept wraps, the amounts stay in view. */}
      <Table.ScrollContainer minWidth={320}>
        <Table striped aria-label={t.title} data-testid="statement-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.date}</Table.Th>
              <Table.Th>{t.concept}</Table.Th>
              <Table.Th ta="right">{t.amount}</Table.Th>
              <Table.Th ta="right">{t.balance}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td />
              <Table.Td fw={600}>{t.opening}</Table.Td>
              <Table.Td />
              <Table.Td ta="right">{money(statement.opening)}</Table.Td>
            </Table.Tr>
            {statement.lines.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed">
                    {t.empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {statement.lines.map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td>{formatShortDate(line.date)}</Table.Td>
                <Table.Td>{statementLineConcept(line)}</Table.Td>
                <Table.Td ta="right" c={line.amount < 0 ? 'teal' : undefined}>
                  {line.amount < 0 ? `−${money(-line.amount)}` : money(line.amount)}
                </Table.Td>
                <Table.Td ta="right">{money(line.balance)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end" gap="xl">
        <Text fw={700} data-testid="statement-closing">
          {t.closing}: {money(statement.closing)}
        </Text>
        <Text c={statement.overdue > 0 ? 'red' : 'dimmed'} data-testid="statement-overdue">
          {t.overdue}: {money(statement.overdue)}
        </Text>
      </Group>
    </Stack>
  );
}
