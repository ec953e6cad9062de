import { Input, SegmentedControl } from '@mantine/core';
import { PAYMENT_METHODS, type PaymentMethod } from '@mostrador/shared';
import { useId } from 'react';
import { es } from '../i18n/es';

const t = es.paymentMethod;
const DATA = PAYMENT_METHODS.map((method) => ({ value: method, label: t.names[method] }));

/**
 * 'Forma de pago': Efectivo, Tarjeta or Transferencia (a radio group, arrow keys move it). Only
 * Efectivo moves the cash drawer.
 */
export function PaymentMethodControl({
  value,
  onChange,
  size = 'sm',
  label = t.label,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  size?: 'sm' | 'md';
  /** 'Forma de pago' unless the form already uses it (the receipt form's payment mode). */
  label?: string;
}) {
  const labelId = useId();
  return (
    <Input.Wrapper label={label} id={labelId}>
      <SegmentedControl
        fullWidth
        size={size}
        data={DATA}
        value={value}
        onChange={(next) => onChange(next as PaymentMethod)}
        aria-labelledby={`${labelId}-label`}
        data-testid="payment-method"
      />
    </Input.Wrapper>
  );
}
