import { Alert, Button, Group, Text } from '@mantine/core';
import { IconReceiptTax } from '@tabler/icons-react';
import { es } from '../../../i18n/es';

const t = es.products.taxReview;

/**
 * 'Revisa los impuestos de N productos' while products wait for their review (they were taken as
 * 16 % IVA when taxes came in); it can narrow the list to them.
 */
export function TaxReviewBanner({
  count,
  filtering,
  onFilter,
}: {
  count: number;
  filtering: boolean;
  onFilter: (only: boolean) => void;
}) {
  if (count <= 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="md"
      icon={<IconReceiptTax size={20} />}
      title={t.banner(count)}
      // A standing reminder, not an interruption: a status, not an alert.
      role="status"
      data-testid="tax-review-banner"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t.detail}</Text>
        <Button size="xs" variant={filtering ? 'default' : 'light'} color="yellow" onClick={() => onFilter(!filtering)}>
          {filtering ? t.showAll : t.show}
        </Button>
      </Group>
    </Alert>
  );
}
