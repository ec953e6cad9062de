import {
  Checkbox,
  Collapse,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import {
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES,
  type PaymentMode,
  RECEIPT_STATE_LABELS,
  RECEIPT_STATES,
  type ReceiptFilter,
  type ReceiptState,
} from '@mostrador/shared';
import { IconChevronDown, IconChevronRight, IconFilter, IconSearch } from '@tabler/icons-react';
import { memo, type Ref, useState } from 'react';
import { DatePickerInputOnUse, SelectOnUse } from '../../../components/FieldsOnUse';
import { es } from '../../../i18n/es';
import type { DateMode } from '../filter-params';

const t = es.receipts.filters;
const paymentModes = PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] }));
const states = RECEIPT_STATES.map((state) => ({ value: state, label: RECEIPT_STATE_LABELS[state] }));

/** The collapsible 'Filtros y Búsqueda' panel: client search, payment mode, state, day or range, pending. */
export const ReceiptFilters = memo(function ReceiptFilters({
  filter,
  onChange,
  dateMode,
  onDateModeChange,
  opened,
  onToggle,
  searchRef,
}: {
  filter: ReceiptFilter;
  onChange: (patch: Partial<ReceiptFilter>) => void;
  dateMode: DateMode;
  onDateModeChange: (mode: DateMode) => void;
  opened: boolean;
  onToggle: () => void;
  searchRef: Ref<HTMLInputElement>;
}) {
  // A range being picked: applied once both ends are chosen.
  const [draft, setDraft] = useState<DatesRangeValue<string> | null>(null);
  const range: DatesRangeValue<string> = draft ?? [filter.fromDate, filter.toDate];
  const Chevron = opened ? IconChevronDown : IconChevronRight;

  return (
    <Paper withBorder radius="md" p="sm" mb="sm">
      <UnstyledButton onClick={onToggle} aria-expanded={opened} w="100%">
        <Group gap="xs">
          <Chevron size={18} />
          <IconFilter size={18} />
          <Text fw={600}>{t.title}</Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened} keepMountedMode="display-none">
        <Stack gap="sm" mt="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              ref={searchRef}
              label={t.searchLabel}
              placeholder={t.searchPlaceholder}
              leftSection={<IconSearch size={16} />}
              value={filter.search}
              onChange={(event) => onChange({ search: event.currentTarget.value })}
              type="search"
            />
            {/* The Selects and date pickers mount on first use (a look-alike until then). */}
            <SelectOnUse
              label={t.paymentModeLabel}
              placeholder={t.anyOption}
              data={paymentModes}
              value={filter.paymentMode}
              onChange={(value) => onChange({ paymentMode: (value as PaymentMode | null) ?? null })}
            />
            <SelectOnUse
              label={t.stateLabel}
              placeholder={t.anyOption}
              data={states}
              value={filter.state}
              onChange={(value) => onChange({ state: (value as ReceiptState | null) ?? null })}
            />
          </SimpleGrid>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t.dateModeLabel}
              </Text>
              <SegmentedControl
                value={dateMode}
                onChange={(mode) => {
                  setDraft(null);
                  onDateModeChange(mode as DateMode);
                }}
                data={[
                  { value: 'day', label: t.singleDay },
                  { value: 'range', label: t.range },
                ]}
              />
            </Stack>
            {dateMode === 'day' ? (
              <DatePickerInputOnUse
                type="default"
                label={t.dayLabel}
                value={filter.fromDate}
                onChange={(day) => day && onChange({ fromDate: day, toDate: day })}
                miw={220}
              />
            ) : (
              <DatePickerInputOnUse
                type="range"
                label={t.rangeLabel}
                value={range}
                onChange={(value) => {
                  const [from, to] = value;
                  if (from && to) {
                    setDraft(null);
                    onChange({ fromDate: from, toDate: to });
                  } else {
                    setDraft(value);
                  }
                }}
                allowSingleDateInRange
                miw={280}
              />
            )}
          </Group>
          <Checkbox
            label={t.includePending}
            checked={filter.includePending}
            onChange={(event) => onChange({ includePending: event.currentTarget.checked })}
          />
        </Stack>
      </Collapse>
    </Paper>
  );
});
