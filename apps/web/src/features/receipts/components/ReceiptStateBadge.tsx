import { Badge, type BadgeProps } from '@mantine/core';
import { RECEIPT_STATE_COLORS, RECEIPT_STATE_LABELS, type ReceiptState } from '@mostrador/shared';

/** Pendiente yellow, Pagado green, Cancelado red (the colours live in packages/shared). */
export function ReceiptStateBadge({ state, ...props }: { state: ReceiptState } & BadgeProps) {
  return (
    <Badge color={RECEIPT_STATE_COLORS[state]} variant="light" data-state={state} {...props}>
      {RECEIPT_STATE_LABELS[state]}
    </Badge>
  );
}
