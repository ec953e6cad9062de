import { Combobox, InputBase, type MantineSize, Select, useProps } from '@mantine/core';
import {
  DatePickerInput,
  type DatesRangeValue,
  type DateStringValue,
  getFormattedDate,
  PickerInputBase,
  useDatesContext,
} from '@mantine/dates';
import { useMountOnUse } from '../lib/use-mount-on-use';

// Mantine fields whose dropdown is a floating element, mounted on first use (see
// `lib/use-mount-on-use.ts`; the hover tooltips: `TooltipOnHover.tsx`). Until then each draws what its closed state draws: the same
// components (InputBase, Input.Wrapper, the Combobox chevron), class names and size, no floating
// element. A screen's first commit with several of them was its longest task on a phone.

type Size = MantineSize | (string & {});

interface Option {
  value: string;
  label: string;
}

/** A clearable, not searchable Select. */
export function SelectOnUse({
  label,
  placeholder,
  data,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  data: Option[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { armed, target, triggerProps } = useMountOnUse<HTMLInputElement>();
  // The theme's defaults, read as Select reads them.
  const { size } = useProps(['Input', 'InputWrapper', 'Select'], { size: 'sm' as Size }, {} as { size?: Size });
  if (armed) {
    return (
      <Select
        ref={target}
        label={label}
        placeholder={placeholder}
        data={data}
        value={value}
        onChange={onChange}
        clearable
      />
    );
  }
  // What Select gives its InputBase when closed (Select.mjs, Combobox.Target for a button).
  return (
    <InputBase
      __staticSelector="Select"
      size={size}
      autoComplete="off"
      label={label}
      placeholder={placeholder}
      value={data.find((option) => option.value === value)?.label ?? ''}
      readOnly
      pointer
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      __defaultRightSection={<Combobox.Chevron size={size} />}
      __clearSection={<Combobox.ClearButton onClear={() => onChange(null)} />}
      __clearable={value !== null}
      rightSectionPointerEvents="none"
      {...triggerProps}
    />
  );
}

type DatePickerInputOnUseProps =
  | { type: 'default'; value: DateStringValue | null; onChange: (value: DateStringValue | null) => void }
  | {
      type: 'range';
      value: DatesRangeValue<string>;
      onChange: (value: DatesRangeValue<string>) => void;
      allowSingleDateInRange?: boolean;
    };

/** A DatePickerInput of one day or a range, not clearable. */
export function DatePickerInputOnUse({
  label,
  miw,
  ...picker
}: DatePickerInputOnUseProps & { label: string; miw: number }) {
  const { armed, target, triggerProps } = useMountOnUse<HTMLButtonElement>();
  const dates = useDatesContext();
  const { size, valueFormat } = useProps(
    ['Input', 'InputWrapper', 'DatePickerInput'],
    { size: 'sm' as Size, valueFormat: 'MMMM D, YYYY' },
    {} as { size?: Size; valueFormat?: string },
  );
  if (armed) {
    return picker.type === 'range' ? (
      <DatePickerInput
        ref={target}
        type="range"
        label={label}
        value={picker.value}
        onChange={picker.onChange}
        allowSingleDateInRange={picker.allowSingleDateInRange}
        miw={miw}
      />
    ) : (
      <DatePickerInput ref={target} label={label} value={picker.value} onChange={picker.onChange} miw={miw} />
    );
  }
  // What PickerInputBase draws around its closed Popover: the wrapper and a button with the date.
  const formatted = getFormattedDate({
    type: picker.type,
    date: picker.value,
    locale: dates.getLocale(),
    format: valueFormat,
    labelSeparator: dates.getLabelSeparator(),
  });
  return (
    <InputBase
      __staticSelector="DatePickerInput"
      size={size}
      component="button"
      type="button"
      data-dates-input
      aria-haspopup="dialog"
      aria-expanded={false}
      multiline
      // Its size alone for the styles, as PickerInputBase gives Input (no `--input-padding-y`).
      __stylesApiProps={{ size }}
      label={label}
      miw={miw}
      classNames={{ input: PickerInputBase.classes.input }}
      {...triggerProps}
    >
      {formatted}
    </InputBase>
  );
}
