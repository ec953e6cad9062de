import { Button, Collapse, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { businessToday, GLOBAL_PERIODICITIES, invoiceGlobalBodySchema } from '@mostrador/shared';
import { IconChevronDown, IconChevronRight, IconFileInvoice } from '@tabler/icons-react';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { notifyFailure, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useIssueGlobal, usePendingGlobal } from '../api/invoices';
import { globalBodyOf, type GlobalValues } from '../invoice-forms';
import { invoiceNumber } from '../invoice-view';
import { isNotConfigured } from '../not-configured';
import { PendingGlobalPeriods } from './PendingGlobalPeriods';

const t = es.invoices.globalSection;
const PERIODICITY_OPTIONS = GLOBAL_PERIODICITIES.map((p) => ({ value: p.code, label: `${p.code} — ${p.label}` }));

/** 'Factura global': the closed periods still unbilled, and any other period by hand. */
export function GlobalInvoiceSection() {
  const pending = usePendingGlobal();
  // Not configured: the screen's alert already says so.
  if (pending.isError && isNotConfigured(pending.error)) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t.title}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {t.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t.hint}
          </Text>
        </div>
        <Text size="sm" fw={600}>
          {t.pendingTitle}
        </Text>
        {pending.isPending ? (
          <Skeleton height={48} data-testid="pending-global-loading" />
        ) : pending.isError ? (
          <Text size="sm" c="red" role="alert">
            {t.loadError} {getErrorMessage(pending.error)}
          </Text>
        ) : pending.data.periods.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.none}
          </Text>
        ) : (
          <PendingGlobalPeriods pending={pending.data} />
        )}
        <ManualGlobal periodicity={pending.data?.periodicity ?? '01'} />
      </Stack>
    </Paper>
  );
}

/** Any period by hand (a day the warning no longer lists, a week issued late…). */
function ManualGlobal({ periodicity }: { periodicity: string }) {
  const [opened, { toggle }] = useDisclosure(false);
  const issue = useIssueGlobal();
  const today = businessToday();
  const form = useForm<GlobalValues>({
    mode: 'controlled',
    initialValues: { from: today, to: today, periodicity: null },
    validate: (values) =>
      schemaResolver(invoiceGlobalBodySchema, { sync: true })(
        globalBodyOf({ ...values, periodicity: values.periodicity ?? periodicity }),
      ),
  });
  const Chevron = opened ? IconChevronDown : IconChevronRight;

  const submit = form.onSubmit((values) =>
    issue.mutate(
      invoiceGlobalBodySchema.parse(globalBodyOf({ ...values, periodicity: values.periodicity ?? periodicity })),
      {
        onSuccess: (invoice) =>
          invoice.status === 'stamped'
            ? notifySuccess(t.issued(invoiceNumber(invoice)))
            : notifyWarning(es.invoices.dialog.pending),
        onError: (error) => notifyFailure(t.failed, error),
      },
    ),
  );

  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={toggle}
        leftSection={<Chevron size={16} />}
        aria-expanded={opened}
        style={{ alignSelf: 'flex-start' }}
      >
        {t.manual}
      </Button>
      <Collapse expanded={opened}>
        <form onSubmit={submit} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm" verticalSpacing="sm">
            <DatePickerInput label={t.from} valueFormat="DD/MM/YYYY" maxDate={today} {...form.getInputProps('from')} />
            <DatePickerInput label={t.to} valueFormat="DD/MM/YYYY" maxDate={today} {...form.getInputProps('to')} />
            <Select
              label={t.periodicity}
              data={PERIODICITY_OPTIONS}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('periodicity')}
              value={form.values.periodicity ?? periodicity}
            />
            <Group align="flex-end">
              <Button type="submit" leftSection={<IconFileInvoice size={18} />} loading={issue.isPending} fullWidth>
                {t.issue}
              </Button>
            </Group>
          </SimpleGrid>
        </form>
      </Collapse>
    </Stack>
  );
}
