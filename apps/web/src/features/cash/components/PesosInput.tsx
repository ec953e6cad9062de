import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A required amount of money in pesos, as the drawer's forms ask for it: $, centavos, no sign. */
export function PesosInput(props: NumberInputProps) {
  return (
    <NumberInput
      prefix="$"
      min={0}
      decimalScale={2}
      thousandSeparator=","
      allowNegative={false}
      hideControls
      withAsterisk
      data-autofocus
      {...props}
    />
  );
}
