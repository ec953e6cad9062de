import { Autocomplete, Divider, Group, NumberInput, type OptionsFilter, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  COMMON_SAT_PRODUCT_CODES,
  IEPS_QUOTA_DECIMALS,
  IEPS_QUOTA_MAX_PESOS,
  IEPS_RATES,
  IVA_RATES,
  matchesSearch,
  SAT_UNIT_CODES,
  TAX_PRESETS,
} from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { presetValues, type TaxFieldValues, type TaxPresetKey } from '../product-tax-form';

const t = es.products.taxes;

const PRESET_OPTIONS = [
  ...TAX_PRESETS.map((preset) => ({ value: preset.key, label: preset.label })),
  { value: 'custom', label: t.custom },
];
const IVA_OPTIONS = IVA_RATES.map((rate) => ({ value: rate, label: t.ivaOptions[rate] }));
const IEPS_RATE_OPTIONS = IEPS_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }));

const PRODUCT_CODE_NAMES = new Map(COMMON_SAT_PRODUCT_CODES.map(({ code, name }) => [code, name]));
/** The c_ClaveUnidad keys a shop uses; any other key of the catalogue is accepted as typed. */
const UNIT_CODE_NAMES = new Map<string, string>(
  (
    [
      ['H87', 'Pieza'],
      ['KGM', 'Kilogramo'],
      ['GRM', 'Gramo'],
      ['LTR', 'Litro'],
      ['MLT', 'Mililitro'],
      ['MTR', 'Metro'],
      ['XBX', 'Caja'],
      ['XPK', 'Paquete'],
      ['XBO', 'Botella'],
      ['XBG', 'Bolsa'],
      ['XKI', 'Kit'],
      ['E48', 'Unidad de servicio'],
    ] as const
  ).filter(([code]) => SAT_UNIT_CODES.has(code)),
);

/** An Autocomplete of codes searched by code or by name; the option shows both. */
function codeSearch(names: Map<string, string>) {
  return {
    data: [...names.keys()],
    filter: (({ options, search }) =>
      options.filter(
        (option) =>
          'value' in option &&
          (option.value.startsWith(search.trim().toUpperCase()) || matchesSearch(names.get(option.value), search)),
      )) satisfies OptionsFilter,
    renderOption: ({ option }: { option: { value: string } }) => (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" ff="monospace">
          {option.value}
        </Text>
        <Text size="sm" c="dimmed">
          {names.get(option.value)}
        </Text>
      </Group>
    ),
    limit: 30,
  };
}

const PRODUCT_CODE_SEARCH = codeSearch(PRODUCT_CODE_NAMES);
const UNIT_CODE_SEARCH = codeSearch(UNIT_CODE_NAMES);

/**
 * 'Impuestos': a preset a shop understands ('Refresco' asks for its cuota per unit), IVA and IEPS
 * by hand for anything else, and the SAT keys (searchable; any 8 digits are accepted).
 */
export function ProductTaxFields<V extends TaxFieldValues>({
  form,
  preset,
  onPreset,
}: {
  form: UseFormReturnType<V>;
  preset: TaxPresetKey;
  onPreset: (preset: TaxPresetKey) => void;
}) {
  const f = form as unknown as UseFormReturnType<TaxFieldValues>;
  const choose = (value: string | null) => {
    if (!value) return;
    const key = value as TaxPresetKey;
    f.setValues(presetValues(key, f.getValues()));
    onPreset(key);
  };
  const satName = PRODUCT_CODE_NAMES.get(f.values.satProductCode);
  const unitName = UNIT_CODE_NAMES.get(f.values.satUnitCode);
  return (
    <Stack gap="sm" data-testid="product-taxes">
      <Divider label={t.section} labelPosition="left" />
      <Text size="xs" c="dimmed" mt={-8}>
        {t.sectionHint}
      </Text>
      <Group grow align="flex-start">
        <Select
          label={t.presetLabel}
          data={PRESET_OPTIONS}
          value={preset}
          onChange={choose}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {preset === 'refresco' || preset === 'custom' ? (
          <NumberInput
            label={t.iepsPerUnitLabel}
            description={t.iepsPerUnitDescription}
            prefix="$"
            min={0}
            max={IEPS_QUOTA_MAX_PESOS}
            decimalScale={IEPS_QUOTA_DECIMALS}
            allowNegative={false}
            hideControls
            withAsterisk={preset === 'refresco'}
            {...f.getInputProps('iepsPerUnit')}
          />
        ) : null}
      </Group>
      {preset === 'custom' ? (
        <Group grow align="flex-start">
          <Select label={t.ivaLabel} data={IVA_OPTIONS} allowDeselect={false} {...f.getInputProps('ivaRate')} />
          <Select
            label={t.iepsRateLabel}
            placeholder={t.iepsRatePlaceholder}
            data={IEPS_RATE_OPTIONS}
            clearable
            {...f.getInputProps('iepsRate')}
            value={f.values.iepsRate === '' ? null : f.values.iepsRate}
            onChange={(value) => f.setFieldValue('iepsRate', value ?? '')}
          />
        </Group>
      ) : null}
      <Group grow align="flex-start">
        <Autocomplete
          label={t.satProductCodeLabel}
          description={satName ?? t.satProductCodeDescription}
          inputMode="numeric"
          autoComplete="off"
          withAsterisk
          {...PRODUCT_CODE_SEARCH}
          {...f.getInputProps('satProductCode')}
        />
        <Autocomplete
          label={t.satUnitCodeLabel}
          description={unitName ?? t.satUnitCodeDescription}
          autoComplete="off"
          withAsterisk
          {...UNIT_CODE_SEARCH}
          {...f.getInputProps('satUnitCode')}
        />
      </Group>
    </Stack>
  );
}
