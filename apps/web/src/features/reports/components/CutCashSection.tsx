import { Table, Text } from '@mantine/core';
import { CUT_CASH_TEXTS, type CutCash, cutCashLines, formatPayment, pesosToCents } from '@mostrador/shared';

/** Signed, to the centavo: '−$375.50' for what a line takes from its total. */
const signed = (pesos: number) =>
  pesos < 0 ? `−${formatPayment(pesosToCents(-pesos))}` : formatPayment(pesosToCents(pesos));

/**
 * The day's cash line by line (cutCashLines): floats, sales, abonos, refunds, each entrada and
 * salida with its note, the expected cash, counted and difference, then how the drawers and the
 * cash outside them meet the Efectivo payments. Each total is the sum of the lines above it.
 */
export function CutCashSection({ cash }: { cash: CutCash }) {
  const lines = cutCashLines(cash);
  return (
    <section aria-label={CUT_CASH_TEXTS.title}>
      <Text fw={700} size="lg" mb="xs">
        {CUT_CASH_TEXTS.title}
      </Text>
      <Table withTableBorder maw={560} verticalSpacing={4} data-testid="cut-cash-lines">
        <Table.Tbody>
          {lines.map((line, index) => {
            const heading = line.label === CUT_CASH_TEXTS.reconcile;
            return (
              <Table.Tr
                key={`${index}-${line.label}`}
                bg={line.kind === 'total' ? 'var(--mantine-color-gray-light)' : undefined}
              >
                <Table.Td
                  pl={line.kind === 'detail' ? 'xl' : undefined}
                  fw={line.kind === 'total' || heading ? 700 : undefined}
                  c={line.kind === 'detail' ? 'dimmed' : undefined}
                  colSpan={heading ? 2 : 1}
                >
                  {line.label}
                </Table.Td>
                {heading ? null : (
                  <Table.Td
                    ta="right"
                    ff="monospace"
                    fw={line.kind === 'total' ? 700 : undefined}
                    c={line.kind === 'detail' ? 'dimmed' : undefined}
                  >
                    {line.label === CUT_CASH_TEXTS.difference && line.amount > 0 ? '+' : ''}
                    {signed(line.amount)}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </section>
  );
}
