import { Alert, Button, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { autofacturaReceiverSchema } from '@mostrador/shared';
import { IconAlertTriangle, IconFileInvoice } from '@tabler/icons-react';
import { type ChangeEvent, useMemo } from 'react';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { fiscalOptions } from '../../clients';
import { useIssueAutofactura } from '../api';

const t = es.autofactura.form;

interface Values {
  rfc: string;
  legalName: string;
  taxRegime: string | null;
  taxZipCode: string;
  cfdiUse: string | null;
  invoiceEmail: string;
}

const initialValues: Values = {
  rfc: '',
  legalName: '',
  taxRegime: null,
  taxZipCode: '',
  cfdiUse: null,
  invoiceEmail: '',
};

/**
 * The customer's fiscal data, checked with the server's own schema (its Spanish messages): the
 * régimenes offered follow the RFC's kind of person and the usos the chosen régimen. On success
 * the page's state becomes the invoice with its downloads.
 */
export function AutofacturaForm({ token }: { token: string }) {
  const issue = useIssueAutofactura(token);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(autofacturaReceiverSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const { rfc, taxRegime, cfdiUse } = form.values;
  const { regimes, uses } = useMemo(() => fiscalOptions(rfc, taxRegime, cfdiUse), [rfc, taxRegime, cfdiUse]);

  const rfcProps = form.getInputProps('rfc');
  // Upper case as typed, the caret where it was (the schema normalises it again).
  const upperCase = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const { selectionStart, selectionEnd } = input;
    input.value = input.value.toUpperCase();
    input.setSelectionRange(selectionStart, selectionEnd);
    rfcProps.onChange(event);
  };

  const submit = form.onSubmit((values) =>
    issue.mutate({
      ...values,
      taxRegime: values.taxRegime ?? '',
      cfdiUse: values.cfdiUse ?? '',
    }),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="autofactura-form">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t.hint}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t.rfc}
            placeholder={t.rfcPlaceholder}
            withAsterisk
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            {...rfcProps}
            onChange={upperCase}
          />
          <TextInput
            label={t.taxZipCode}
            placeholder={t.taxZipCodePlaceholder}
            withAsterisk
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            {...form.getInputProps('taxZipCode')}
          />
        </SimpleGrid>
        <TextInput
          label={t.legalName}
          placeholder={t.legalNamePlaceholder}
          withAsterisk
          autoComplete="organization"
          styles={{ input: { textTransform: 'uppercase' } }}
          {...form.getInputProps('legalName')}
        />
        <Select
          label={t.taxRegime}
          placeholder={t.taxRegimePlaceholder}
          withAsterisk
          data={regimes}
          searchable
          nothingFoundMessage={t.noOptions}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('taxRegime')}
        />
        <Select
          label={t.cfdiUse}
          placeholder={t.cfdiUsePlaceholder}
          withAsterisk
          data={uses}
          searchable
          nothingFoundMessage={t.noOptions}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('cfdiUse')}
        />
        <TextInput
          label={t.invoiceEmail}
          placeholder={t.invoiceEmailPlaceholder}
          withAsterisk
          type="email"
          inputMode="email"
          autoComplete="email"
          {...form.getInputProps('invoiceEmail')}
        />
        {issue.isError ? (
          <Alert color="red" icon={<IconAlertTriangle />} title={t.failed} role="alert">
            {getErrorMessage(issue.error)}
          </Alert>
        ) : null}
        <Button
          type="submit"
          size="md"
          fullWidth
          leftSection={<IconFileInvoice size={20} />}
          loading={issue.isPending}
          loaderProps={{ type: 'dots' }}
        >
          {t.submit}
        </Button>
        {issue.isPending ? (
          <Text size="sm" c="dimmed" ta="center" role="status">
            {t.submitting}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
