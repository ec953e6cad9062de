import { Card, Skeleton, Title } from '@mantine/core';
import { es } from '../../../i18n/es';

/** The chart's card while its chunk loads: the same title and height, so nothing moves when it comes. */
export function ChartPlaceholder() {
  return (
    <Card withBorder radius="md" padding="md" data-testid="sales-chart-loading">
      <Title order={2} size="h4" mb="sm">
        {es.dashboard.chart.title}
      </Title>
      <Skeleton h={260} radius="sm" />
    </Card>
  );
}
