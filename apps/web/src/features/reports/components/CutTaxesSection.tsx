import { Text, Title } from '@mantine/core';
import { type CutData, formatPayment, pesosToCents } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { TaxTable } from './TaxTable';

const t = es.reports.taxes;

/** The day's taxes by rate, in a cut made since taxes came in. */
export function CutTaxesSection({ cut }: { cut: CutData }) {
  if (!cut.taxes) return null;
  return (
    <section aria-label={t.cutTitle}>
      <Title order={3} size="h4" mb="xs">
        {t.cutTitle}
      </Title>
      {cut.taxes.rows.length === 0 ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : (
        <TaxTable report={cut.taxes} label={t.cutTitle} />
      )}
      {cut.taxes.returned.total !== 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          {t.returned(formatPayment(pesosToCents(cut.taxes.returned.total)))}
        </Text>
      ) : null}
    </section>
  );
}
