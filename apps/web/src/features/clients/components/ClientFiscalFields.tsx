import { Collapse, Group, Select, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { type ChangeEvent, useMemo, useState } from 'react';
import { es } from '../../../i18n/es';
import { fiscalOptions } from '../fiscal';
import type { ClientFormValues } from './ClientFormFields';

const t = es.clients;

const FISCAL_FIELDS = ['rfc', 'legalName', 'taxRegime', 'taxZipCode', 'cfdiUse', 'invoiceEmail'] as const;

/**
 * 'Datos fiscales', folded until opened (open from the start for a client who has fiscal data, and
 * whenever one of its fields has an error): RFC (upper case as typed), Razón social, Régimen
 * fiscal, C.P. fiscal, Uso CFDI and Correo para facturas. The fields mount when the section
 * first opens: the counter's quick 'Crear cliente' stays as light as before.
 */
export function ClientFiscalFields({ form }: { form: UseFormReturnType<ClientFormValues> }) {
  const [opened, setOpened] = useState(() => {
    const values = form.getValues();
    return FISCAL_FIELDS.some((field) => field !== 'cfdiUse' && values[field]);
  });
  const [mounted, setMounted] = useState(opened);
  const withError = FISCAL_FIELDS.some((field) => form.errors[field] !== undefined);
  const expanded = opened || withError;
  const toggle = () => {
    setMounted(true);
    setOpened(!expanded);
  };
  const Chevron = expanded ? IconChevronDown : IconChevronRight;

  return (
    <Stack gap={0}>
      <UnstyledButton onClick={toggle} aria-expanded={expanded} data-testid="client-fiscal-toggle">
        <Group gap="xs">
          <Chevron size={18} aria-hidden />
          <Text fw={600}>{t.fiscal.title}</Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={expanded} keepMountedMode="display-none">
        {mounted || withError ? <FiscalInputs form={form} /> : null}
      </Collapse>
    </Stack>
  );
}

function FiscalInputs({ form }: { form: UseFormReturnType<ClientFormValues> }) {
  const rfc = form.useWatchValue('rfc');
  const regime = form.useWatchValue('taxRegime');
  const use = form.useWatchValue('cfdiUse');
  const { regimes, uses } = useMemo(() => fiscalOptions(rfc, regime, use), [rfc, regime, use]);

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
    <Stack gap="md" mt="sm">
      <Text size="sm" c="dimmed">
        {t.fiscal.hint}
      </Text>
      <Group grow align="flex-start">
        <TextInput
          label={t.fields.rfc}
          placeholder={t.placeholders.rfc}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          key={form.key('rfc')}
          {...rfcProps}
          onChange={upperCase}
        />
        <TextInput
          label={t.fields.taxZipCode}
          placeholder={t.placeholders.taxZipCode}
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          key={form.key('taxZipCode')}
          {...form.getInputProps('taxZipCode')}
        />
      </Group>
      <TextInput
        label={t.fields.legalName}
        placeholder={t.placeholders.legalName}
        autoComplete="off"
        styles={{ input: { textTransform: 'uppercase' } }}
        key={form.key('legalName')}
        {...form.getInputProps('legalName')}
      />
      <Select
        label={t.fields.taxRegime}
        placeholder={t.placeholders.taxRegime}
        data={regimes}
        searchable
        clearable
        nothingFoundMessage={t.fiscal.noOptions}
        comboboxProps={{ withinPortal: true }}
        key={form.key('taxRegime')}
        {...form.getInputProps('taxRegime')}
      />
      <Select
        label={t.fields.cfdiUse}
        placeholder={t.placeholders.cfdiUse}
        data={uses}
        searchable
        clearable
        nothingFoundMessage={t.fiscal.noOptions}
        comboboxProps={{ withinPortal: true }}
        key={form.key('cfdiUse')}
        {...form.getInputProps('cfdiUse')}
      />
      <TextInput
        label={t.fields.invoiceEmail}
        placeholder={t.placeholders.invoiceEmail}
        type="email"
        autoComplete="off"
        key={form.key('invoiceEmail')}
        {...form.getInputProps('invoiceEmail')}
      />
    </Stack>
  );
}
