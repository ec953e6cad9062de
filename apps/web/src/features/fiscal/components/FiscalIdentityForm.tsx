import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type BusinessFiscal,
  type BusinessFiscalInput,
  businessFiscalBodySchema,
  GLOBAL_PERIODICITIES,
  normalizeRfc,
  rfcPerson,
  SAT_REGIMES,
} from '@mostrador/shared';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSaveBusinessFiscal } from '../api/fiscal';

const t = es.fiscal;

interface Values {
  rfc: string;
  legalName: string;
  taxRegime: string | null;
  zipCode: string;
  series: string;
  nextFolio: number | string;
  globalPeriodicity: string;
}

const PERIODICITY_OPTIONS = GLOBAL_PERIODICITIES.map((p) => ({ value: p.code, label: `${p.code} · ${p.label}` }));

const valuesOf = (fiscal: BusinessFiscal): Values => ({
  rfc: fiscal.rfc ?? '',
  legalName: fiscal.legalName ?? '',
  taxRegime: fiscal.taxRegime,
  zipCode: fiscal.zipCode ?? '',
  series: fiscal.series,
  nextFolio: fiscal.nextFolio,
  globalPeriodicity: fiscal.globalPeriodicity,
});

const bodyOf = (values: Values): BusinessFiscalInput => ({
  ...values,
  globalPeriodicity: values.globalPeriodicity as BusinessFiscalInput['globalPeriodicity'],
  taxRegime: values.taxRegime ?? '',
  nextFolio:
    typeof values.nextFolio === 'number'
      ? values.nextFolio
      : values.nextFolio.trim() === ''
        ? NaN
        : Number(values.nextFolio),
});

/** The regímenes open to the RFC typed so far: by its length once it is whole, else all. */
export function regimeOptions(rfc: string) {
  const typed = normalizeRfc(rfc);
  const person = typed.length === 12 || typed.length === 13 ? rfcPerson(typed) : null;
  return SAT_REGIMES.filter((regime) => person === null || regime[person]).map((regime) => ({
    value: regime.code,
    label: `${regime.code} · ${regime.name}`,
  }));
}

/** The shop's fiscal identity: RFC, razón social, régimen, lugar de expedición, serie and folio. */
export function FiscalIdentityForm({ fiscal }: { fiscal: BusinessFiscal }) {
  const save = useSaveBusinessFiscal();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(fiscal),
    // The server's own contract, so its rules and messages are the ones shown here.
    validate: (values) => schemaResolver(businessFiscalBodySchema, { sync: true })(bodyOf(values)),
  });
  const options = regimeOptions(form.values.rfc);

  const submit = form.onSubmit((values) =>
    save.mutate(bodyOf(values), {
      onSuccess: (saved) => {
        notifySuccess(t.saved);
        form.setInitialValues(valuesOf(saved));
        form.setValues(valuesOf(saved));
      },
      onError: (error) => notifyFailure(t.saveFailed, error),
    }),
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t.identity}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              {t.identity}
            </Title>
            <Text size="sm" c="dimmed">
              {t.identityHint}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t.rfc}
              description={t.rfcHint}
              withAsterisk
              maxLength={16}
              autoComplete="off"
              styles={{ input: { textTransform: 'uppercase' } }}
              {...form.getInputProps('rfc')}
            />
            <TextInput
              label={t.legalName}
              description={t.legalNameHint}
              withAsterisk
              maxLength={254}
              styles={{ input: { textTransform: 'uppercase' } }}
              {...form.getInputProps('legalName')}
            />
            <Select
              label={t.taxRegime}
              description={t.taxRegimeHint}
              placeholder={t.taxRegimePlaceholder}
              withAsterisk
              searchable
              data={options}
              {...form.getInputProps('taxRegime')}
            />
            <TextInput
              label={t.zipCode}
              withAsterisk
              inputMode="numeric"
              maxLength={5}
              {...form.getInputProps('zipCode')}
            />
            <TextInput
              label={t.series}
              description={t.seriesHint}
              maxLength={25}
              styles={{ input: { textTransform: 'uppercase' } }}
              {...form.getInputProps('series')}
            />
            <NumberInput
              label={t.nextFolio}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              {...form.getInputProps('nextFolio')}
            />
            <Select
              label={t.globalPeriodicity}
              description={t.globalPeriodicityHint}
              data={PERIODICITY_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('globalPeriodicity')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
