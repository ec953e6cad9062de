import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ChangeEvent } from 'react';
import { es } from '../../../i18n/es';
import type { InvoiceFormValues } from './invoice-form-values';

const t = es.invoices.dialog;

/** The receiver typed on the spot: RFC, razón social, régimen (those open to the RFC), C.P. and e-mail. */
export function ReceiverFields({
  form,
  regimes,
}: {
  form: UseFormReturnType<InvoiceFormValues>;
  regimes: { value: string; label: string }[];
}) {
  const rfcProps = form.getInputProps('rfc');
  // Upper case as typed, the caret where it was (the schema normalises it again).
  const upperCase = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const { selectionStart, selectionEnd } = input;
    input.value = input.value.toUpperCase();
    input.setSelectionRange(selectionStart, selectionEnd);
    rfcProps.onChange(event);
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label={t.rfc}
          withAsterisk
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          data-autofocus
          {...rfcProps}
          onChange={upperCase}
        />
        <TextInput
          label={t.taxZipCode}
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          {...form.getInputProps('taxZipCode')}
        />
      </SimpleGrid>
      <TextInput
        label={t.legalName}
        withAsterisk
        autoComplete="off"
        maxLength={254}
        styles={{ input: { textTransform: 'uppercase' } }}
        {...form.getInputProps('legalName')}
      />
      <Select
        label={t.taxRegime}
        placeholder={t.regimePlaceholder}
        withAsterisk
        data={regimes}
        searchable
        nothingFoundMessage={t.noOptions}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('taxRegime')}
      />
      <TextInput label={t.invoiceEmail} type="email" autoComplete="off" {...form.getInputProps('invoiceEmail')} />
    </Stack>
  );
}
