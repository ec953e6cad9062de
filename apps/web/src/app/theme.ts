import {
  type ButtonProps,
  createTheme,
  type CSSVariablesResolver,
  DEFAULT_THEME,
  type InputClearButtonProps,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
  type NumberInputProps,
  type PaginationProps,
  type PasswordInputProps,
  type SelectProps,
  type TableProps,
  type TextareaProps,
  type TextInputProps,
  type TooltipProps,
} from '@mantine/core';
import { es } from '../i18n/es';

// The accent palette: 10 shades of green (the primary colour is teal).
const accent: MantineColorsTuple = [
  '#e6fcf0',
  '#d2f7e1',
  '#a6edc3',
  '#76e3a2',
  '#4fda87',
  '#36d575',
  '#25d26b',
  '#14ba59',
  '#03a54d',
  '#008f3f',
];

/**
 * Mantine's palette with shades 7–9 darkened where text or a filled background needs them: with
 * shade 8 as the filled shade, white text on these fills and these colours as text reach 4.5:1 on
 * white, and shade 9 (the text of light badges and alerts) 4.5:1 on shade 1.
 * Shades 0–6 stay Mantine's, so teal #12b886 keeps marking the app where no text sits on it.
 */
function darkened(base: MantineColorsTuple, shades: [string, string, string]): MantineColorsTuple {
  return [base[0], base[1], base[2], base[3], base[4], base[5], base[6], ...shades];
}

const { colors } = DEFAULT_THEME;

/**
 * A component's default props, typed by its props: what the component's own `extend` gives,
 * without importing the component (the theme is in the first bundle; inputs, modals and tables
 * are not).
 */
function defaults<Props>(defaultProps: Partial<Props>) {
  return { defaultProps };
}

const md = { size: 'md' } as const;

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 8, dark: 8 },
  colors: {
    accent,
    teal: darkened(colors.teal, ['#0ca678', '#087f5b', '#066a4c']),
    green: darkened(colors.green, ['#2f9e44', '#237032', '#1b5e2a']),
    yellow: darkened(colors.yellow, ['#f59f00', '#a15c00', '#7a4500']),
    orange: darkened(colors.orange, ['#f76707', '#c2410c', '#9a3412']),
    red: darkened(colors.red, ['#e03131', '#c92a2a', '#a51d1d']),
  },
  defaultRadius: 'md',
  components: {
    Button: defaults<ButtonProps>(md),
    TextInput: defaults<TextInputProps>(md),
    PasswordInput: defaults<PasswordInputProps>(md),
    NumberInput: defaults<NumberInputProps>(md),
    // Mantine 9 opens a searchable Select's list on focus; an autofocused field would then cover
    // the form it opens in. The list opens on click or typing instead.
    Select: defaults<SelectProps>({ size: 'md', openOnFocus: false }),
    Textarea: defaults<TextareaProps>(md),
    // Plain objects: importing @mantine/dates here would put the pickers in the first bundle.
    DateInput: { defaultProps: { size: 'md', valueFormat: 'MMMM D, YYYY' } },
    DatePickerInput: { defaultProps: { size: 'md', valueFormat: 'MMMM D, YYYY' } },
    Modal: defaults<ModalProps>({
      size: 560,
      centered: true,
      withCloseButton: true,
      radius: 'lg',
      closeButtonProps: { 'aria-label': es.common.close },
    }),
    InputClearButton: defaults<InputClearButtonProps>({ 'aria-label': es.common.clear }),
    // The page numbers name themselves; the arrows need a name.
    Pagination: defaults<PaginationProps>({
      getControlProps: (control) => ({ 'aria-label': es.common.pageControls[control] }),
    }),
    Notification: defaults<NotificationProps>({ closeButtonProps: { 'aria-label': es.common.close } }),
    Table: defaults<TableProps>({ striped: 'odd', highlightOnHover: true, stickyHeader: true }),
    Tooltip: defaults<TooltipProps>({ withArrow: true, openDelay: 200, closeDelay: 100 }),
  },
});

/**
 * Dimmed text (hints, labels, secondary lines) at 4.5:1 or more on every surface it sits on: white,
 * the grey of striped rows and hovered items, and in the dark scheme the body, cards and inputs
 * (Mantine's own greys, #868e96 and #828282, stay under that). Placeholders, error texts and
 * orange warning texts too.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // Warnings in orange text ('Ventas sin costo'): orange-8 on white, orange-4 on the dark greys.
    '--mantine-color-orange-text': 'var(--mantine-color-orange-8)',
  },
  dark: {
    '--mantine-color-dimmed': '#adadad',
    '--mantine-color-placeholder': '#999999',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
