import {
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  SETTINGS_LIMITS,
  type ShopSettings,
  type UpdateShopSettingsInput,
  updateShopSettingsBodySchema,
} from '@mostrador/shared';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSaveShopSettings } from '../api/settings';
import { LogoField } from './LogoField';

const t = es.settings;

interface Values {
  businessName: string;
  address: string;
  phone: string;
  rfc: string;
  ticketFooter: string;
  /** The saved logo's address, a data URL just chosen, or null. */
  logo: string | null;
  publicUrl: string;
  cashRequiresShift: boolean;
  blindCount: boolean;
  sellerReturnLimit: number | string;
  openPriceFloor: number | string;
}

const valuesOf = (settings: ShopSettings): Values => ({ ...settings, publicUrl: settings.publicUrl ?? '' });

/** A money field's value as the contract reads it: an emptied field is not a number (its message says so). */
const pesos = (value: number | string) =>
  typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);

/**
 * The body to save: every field, the logo only when it changed (its address is not a logo), and
 * the public address only when it changed (one the environment set stays the environment's).
 */
function bodyOf(values: Values, saved: ShopSettings): UpdateShopSettingsInput {
  const { logo, publicUrl, sellerReturnLimit, openPriceFloor, ...text } = values;
  return {
    ...text,
    ...(publicUrl !== (saved.publicUrl ?? '') && { publicUrl: publicUrl.trim() === '' ? null : publicUrl }),
    sellerReturnLimit: pesos(sellerReturnLimit),
    openPriceFloor: pesos(openPriceFloor),
    ...(logo !== saved.logo && { logo }),
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** 'Configuración' (Admin): the shop's identity, its public address and its rules, in four sections. */
export function SettingsForm({ settings }: { settings: ShopSettings }) {
  const save = useSaveShopSettings();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(settings),
    // The server's own contract, so its rules and messages are the ones shown here.
    validate: (values) => schemaResolver(updateShopSettingsBodySchema, { sync: true })(bodyOf(values, settings)),
  });

  const submit = form.onSubmit((values) =>
    save.mutate(bodyOf(values, settings), {
      onSuccess: (saved) => {
        notifySuccess(t.saved);
        form.setInitialValues(valuesOf(saved));
        form.setValues(valuesOf(saved));
      },
      onError: (error) => notifyFailure(t.saveFailed, error),
    }),
  );

  const money = {
    prefix: '$',
    decimalScale: 2,
    min: 0,
    thousandSeparator: ',',
    allowNegative: false,
    hideControls: true,
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Section title={t.sections.business}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t.businessName}
              withAsterisk
              maxLength={SETTINGS_LIMITS.businessName}
              {...form.getInputProps('businessName')}
            />
            <TextInput label={t.phone} type="tel" maxLength={SETTINGS_LIMITS.phone} {...form.getInputProps('phone')} />
            <Textarea
              label={t.address}
              description={t.addressHint}
              autosize
              minRows={2}
              maxLength={SETTINGS_LIMITS.address}
              {...form.getInputProps('address')}
            />
            <TextInput
              label={t.rfc}
              description={t.rfcHint}
              maxLength={16}
              styles={{ input: { textTransform: 'uppercase' } }}
              {...form.getInputProps('rfc')}
            />
          </SimpleGrid>
          <LogoField
            value={form.values.logo}
            onChange={(logo) => form.setFieldValue('logo', logo)}
            error={form.errors.logo as string | undefined}
          />
        </Section>

        <Section title={t.sections.tickets}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Textarea
              label={t.ticketFooter}
              description={t.ticketFooterHint}
              autosize
              minRows={2}
              maxLength={SETTINGS_LIMITS.ticketFooter}
              {...form.getInputProps('ticketFooter')}
            />
            <TextInput
              label={t.publicUrl}
              description={t.publicUrlHint}
              type="url"
              inputMode="url"
              placeholder="https://mitienda.mx"
              maxLength={SETTINGS_LIMITS.publicUrl}
              {...form.getInputProps('publicUrl')}
            />
          </SimpleGrid>
        </Section>

        <Section title={t.sections.cash}>
          <Switch
            label={t.cashRequiresShift}
            description={t.cashRequiresShiftHint}
            {...form.getInputProps('cashRequiresShift', { type: 'checkbox' })}
          />
          <Switch
            label={t.blindCount}
            description={t.blindCountHint}
            {...form.getInputProps('blindCount', { type: 'checkbox' })}
          />
        </Section>

        <Section title={t.sections.counter}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t.sellerReturnLimit}
              description={t.sellerReturnLimitHint}
              {...money}
              {...form.getInputProps('sellerReturnLimit')}
            />
            <NumberInput
              label={t.openPriceFloor}
              description={t.openPriceFloorHint}
              {...money}
              {...form.getInputProps('openPriceFloor')}
            />
          </SimpleGrid>
        </Section>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The page while the settings load: the four sections' shape. */
export function SettingsFormSkeleton() {
  return (
    <Stack gap="lg" data-testid="settings-loading" aria-hidden>
      {[4, 2, 2, 2].map((fields, section) => (
        <Paper key={section} withBorder radius="md" p="md">
          <Stack gap="md">
            <Skeleton height={20} width={160} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {Array.from({ length: fields }, (_, i) => (
                <Skeleton key={i} height={56} />
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
