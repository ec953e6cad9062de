import {
  Button,
  createTheme,
  type MantineColorsTuple,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  Table,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';

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

const md = { defaultProps: { size: 'md' } } as const;

export const theme = createTheme({
  primaryColor: 'teal',
  colors: { accent },
  defaultRadius: 'md',
  components: {
    Button: Button.extend(md),
    TextInput: TextInput.extend(md),
    PasswordInput: PasswordInput.extend(md),
    NumberInput: NumberInput.extend(md),
    // Mantine 9 opens a searchable Select's list on focus; an autofocused field would then cover
    // the form it opens in. The list opens on click or typing instead.
    Select: Select.extend({ defaultProps: { size: 'md', openOnFocus: false } }),
    Textarea: Textarea.extend(md),
    // Plain objects: importing @mantine/dates here would put the pickers in the first bundle.
    DateInput: { defaultProps: { size: 'md', valueFormat: 'MMMM D, YYYY' } },
    DatePickerInput: { defaultProps: { size: 'md', valueFormat: 'MMMM D, YYYY' } },
    Modal: Modal.extend({ defaultProps: { size: 560, centered: true, withCloseButton: true, radius: 'lg' } }),
    Table: Table.extend({ defaultProps: { striped: 'odd', highlightOnHover: true, stickyHeader: true } }),
    Tooltip: Tooltip.extend({ defaultProps: { withArrow: true, openDelay: 200, closeDelay: 100 } }),
  },
});
