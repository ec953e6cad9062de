import { Group, Text } from '@mantine/core';
import type { ComparedFigure } from '@mostrador/shared';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { es } from '../../../i18n/es';
import { weekdayOf } from '../format';

const t = es.dashboard;
const percent = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1, minimumFractionDigits: 0 });

/** ↑/↓ and the change in percent against the same weekday of last week. */
export function Comparison({
  figure,
  compareDate,
  size = 'xs',
  compact = false,
}: {
  figure: ComparedFigure;
  compareDate: string;
  size?: string;
  /** Only the arrow and the percent (the card already says what it compares with). */
  compact?: boolean;
}) {
  const weekday = weekdayOf(compareDate);
  const change = figure.changePercent;
  if (change === null) {
    return (
      <Text size={size} c="dimmed">
        {compact ? '—' : t.nothingToCompare(weekday)}
      </Text>
    );
  }
  const color = change > 0 ? 'teal' : change < 0 ? 'red' : 'dimmed';
  const Icon = change > 0 ? IconArrowUpRight : change < 0 ? IconArrowDownRight : IconMinus;
  const label = change > 0 ? t.up : change < 0 ? t.down : '';
  return (
    <Group gap={4} wrap="nowrap">
      <Text size={size} c={color} fw={600} span style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
        <Icon size={14} aria-label={label || undefined} aria-hidden={label ? undefined : true} />
        {percent.format(Math.abs(change))} %
      </Text>
      {compact ? null : (
        <Text size={size} c="dimmed" span>
          {t.versus(weekday)}
        </Text>
      )}
    </Group>
  );
}
