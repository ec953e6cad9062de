import { Group, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type Client, DEFAULT_CFDI_USE, DEFAULT_CREDIT_DAYS, MAX_CREDIT_DAYS } from '@mostrador/shared';
import type { ReactNode } from 'react';
import { es } from '../../../i18n/es';
import { ClientFiscalFields } from './ClientFiscalFields';

/** What the create and edit forms hold: plain strings, blank meaning "none". */
export interface ClientFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
  /** Pesos; null: no limit. */
  creditLimit: number | null;
  creditDays: number;
  rfc: string;
  legalName: string;
  /** c_RegimenFiscal; null: none chosen. */
  taxRegime: string | null;
  taxZipCode: string;
  /** c_UsoCFDI; G03 unless chosen otherwise. */
  cfdiUse: string | null;
  invoiceEmail: string;
}

export const emptyClientForm: ClientFormValues = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  address: '',
  creditLimit: null,
  creditDays: DEFAULT_CREDIT_DAYS,
  rfc: '',
  legalName: '',
  taxRegime: null,
  taxZipCode: '',
  cfdiUse: DEFAULT_CFDI_USE,
  invoiceEmail: '',
};

export function clientFormValues(client: Client): ClientFormValues {
  return {
    firstName: client.firstName,
    lastName: client.lastName ?? '',
    phone: client.phone ?? '',
    email: client.email ?? '',
    address: client.address ?? '',
    creditLimit: client.creditLimit ?? null,
    creditDays: client.creditDays,
    rfc: client.rfc ?? '',
    legalName: client.legalName ?? '',
    taxRegime: client.taxRegime,
    taxZipCode: client.taxZipCode ?? '',
    cfdiUse: client.cfdiUse ?? DEFAULT_CFDI_USE,
    invoiceEmail: client.invoiceEmail ?? '',
  };
}

const t = es.clients;

interface LimitProps {
  value?: number | null;
  defaultValue?: number | null;
  error?: ReactNode;
  onFocus?: () => void;
  onBlur?: () => void;
}

/** The limit input shows "no limit" (null) as an empty box, in either form mode. */
function withBlankForNull({ value, defaultValue, ...rest }: LimitProps) {
  return { ...rest, ...(value !== undefined ? { value: value ?? '' } : { defaultValue: defaultValue ?? '' }) };
}

/** What a form sends: without the credit terms when its user may not set them (a Seller: canSetCreditTerms). */
export function clientFormBody(values: ClientFormValues, withCreditTerms: boolean) {
  if (withCreditTerms) return values;
  const { creditLimit: _limit, creditDays: _days, ...contact } = values;
  return contact;
}

/**
 * Nombre and Apellido required; Teléfono, Correo electrónico (e-mail input), Dirección (3-6 rows);
 * the folded 'Datos fiscales' (anyone, a Seller too); Límite de crédito and Plazo only for who
 * sets credit terms (`creditTerms`: Admin and Manager).
 */
export function ClientFormFields({
  form,
  creditTerms = true,
}: {
  form: UseFormReturnType<ClientFormValues>;
  creditTerms?: boolean;
}) {
  return (
    <Stack gap="md">
      <TextInput
        label={t.fields.firstName}
        placeholder={t.placeholders.firstName}
        withAsterisk
        data-autofocus
        autoComplete="off"
        key={form.key('firstName')}
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label={t.fields.lastName}
        placeholder={t.placeholders.lastName}
        withAsterisk
        autoComplete="off"
        key={form.key('lastName')}
        {...form.getInputProps('lastName')}
      />
      <TextInput
        label={t.fields.phone}
        placeholder={t.placeholders.phone}
        type="tel"
        autoComplete="off"
        key={form.key('phone')}
        {...form.getInputProps('phone')}
      />
      <TextInput
        label={t.fields.email}
        placeholder={t.placeholders.email}
        type="email"
        autoComplete="off"
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <Textarea
        label={t.fields.address}
        placeholder={t.placeholders.address}
        autosize
        minRows={3}
        maxRows={6}
        key={form.key('address')}
        {...form.getInputProps('address')}
      />
      <ClientFiscalFields form={form} />
      {creditTerms ? (
        <Group grow align="flex-start">
          <NumberInput
            label={t.fields.creditLimit}
            placeholder={t.placeholders.creditLimit}
            prefix="$"
            decimalScale={2}
            min={0}
            thousandSeparator=","
            key={form.key('creditLimit')}
            {...withBlankForNull(form.getInputProps('creditLimit') as unknown as LimitProps)}
            // An emptied box is "no limit" (null). forceUpdate false, as the form's own inputs do: in
            // an uncontrolled form a forced update gives the field a new key, which remounts the
            // input after every digit and drops the focus (typing 500 saved $5).
            onChange={(value) =>
              form.setFieldValue('creditLimit', typeof value === 'number' ? value : null, { forceUpdate: false })
            }
          />
          <NumberInput
            label={t.fields.creditDays}
            allowDecimal={false}
            min={0}
            max={MAX_CREDIT_DAYS}
            key={form.key('creditDays')}
            {...form.getInputProps('creditDays')}
          />
        </Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="client-credit-terms-note">
          {t.creditTermsByManager}
        </Text>
      )}
    </Stack>
  );
}
