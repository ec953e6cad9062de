import { Card, Table, Text, Title } from '@mantine/core';
import { type TaxReport, taxFigures } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { money } from '../format';

const t = es.dashboard.taxes;

/** The range's taxes as a declaration reads them: the IVA's base and tax by rate, each IEPS. */
export function RangeTaxes({ taxes }: { taxes: TaxReport }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="sm">
        {t.title}
      </Title>
      {taxes.rows.length === 0 ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : (
        <>
          <Table aria-label={t.title} data-testid="dashboard-taxes">
            <Table.Tbody>
              {taxFigures(taxes.rows).map((figure) => (
                <Table.Tr key={figure.label}>
                  <Table.Td>{figure.label}</Table.Td>
                  <Table.Td ta="right">{money(figure.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed" mt="xs">
            {t.note}
          </Text>
        </>
      )}
    </Card>
  );
}
