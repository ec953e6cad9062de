import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  type OptionsFilter,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatPayment, formatQuantity, formatTotal, pesosToCents, type Product } from '@mostrador/shared';
import { IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { es } from '../../../i18n/es';
import { QUANTITY_INPUT_PROPS } from '../../../lib/quantity-input';
import { selectOnFocus } from '../../../lib/select-on-focus';
import { typesCharacter } from '../../../lib/typed-character';
import { lineTotalCents, type ReceiptFormValues, rowPrice } from '../receipt-form';
import { useProductCodeScan } from './useProductCodeScan';

const t = es.receipts.create;

// A product without a sale price has its price typed on each sale: the last price typed for it
// in this browser session is offered when it is picked again.
const lastPrices = new Map<number, number>();

/** The option the open product list highlights, which Enter takes. */
const highlightedOption = (field: HTMLInputElement) =>
  document
    .getElementById(field.getAttribute('aria-controls') ?? '')
    ?.querySelector<HTMLElement>('[data-combobox-option][data-combobox-selected]');

// Held with a character (Shift for a capital letter): not yet the typing that replaces the name.
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);

export function rememberPrices(items: ReadonlyArray<{ productId: number; price?: number }>) {
  for (const item of items) if (item.price !== undefined) lastPrices.set(item.productId, item.price);
}

/**
 * One line of the create form: enable toggle, product, quantity, price and line total. Tab goes
 * product → quantity → price → next line: the switch and the trash button are left out of the tab
 * order (a stray Tab + Enter must not drop a line), and every field selects its text on entry.
 */
export function ReceiptItemRow({
  form,
  index,
  productOptions,
  productFilter,
  productById,
  productsLoaded,
  autoFocus,
  focusOnMount,
}: {
  form: UseFormReturnType<ReceiptFormValues>;
  index: number;
  productOptions: Array<{ value: string; label: string }>;
  productFilter: OptionsFilter;
  productById: ReadonlyMap<number, Product>;
  productsLoaded: boolean;
  autoFocus: boolean;
  /** A line just added with 'Agregar producto': its product field takes the focus. */
  focusOnMount: boolean;
}) {
  const productInput = useRef<HTMLInputElement>(null);
  // Open while the list is what Enter picks from; a code sent to the server closes it, so neither
  // a later list (the catalogue arriving) nor 'nothing found' stands over the answer.
  const [listOpen, setListOpen] = useState(false);
  const justPicked = useRef(false);
  useEffect(() => {
    if (focusOnMount) productInput.current?.focus();
  }, [focusOnMount]);
  const values = form.getValues();
  const item = values.items[index]!;
  // The chosen product, if it exists.
  const product = item.productId ? productById.get(Number(item.productId)) : undefined;
  const path = `items.${index}` as const;
  const error = (field: string) => form.errors[`${path}.${field}`];
  const unknownProduct = productsLoaded && item.productId !== null && !product;
  const flagged = item.isEnabled && (item.needsReview || unknownProduct);
  const overStock = !!product && typeof item.quantity === 'number' && item.quantity > product.stockQuantity;
  // Left empty, the price is the product's (or its wholesale price): shown as the placeholder.
  const productPrice = item.price === '' ? rowPrice(item, product) : null;
  const reviewed = () => {
    if (item.needsReview) form.setFieldValue(`${path}.needsReview`, false);
  };
  const numberProps = (field: 'quantity' | 'price') => {
    const props = form.getInputProps(`${path}.${field}`);
    return selectOnFocus({
      ...props,
      onChange: (value: number | string) => {
        props.onChange(value);
        reviewed();
      },
    });
  };

  const chooseProduct = (value: string | null) => {
    // Read now: a scan's answer picks its product after the render that made this function.
    const current = form.getValues().items[index]!;
    form.setFieldValue(`${path}.productId`, value);
    const chosen = value ? productById.get(Number(value)) : undefined;
    const suggested = value && chosen?.price === null ? lastPrices.get(Number(value)) : undefined;
    if (suggested !== undefined && current.price === '') form.setFieldValue(`${path}.price`, suggested);
    if (current.needsReview) form.setFieldValue(`${path}.needsReview`, false);
    // The name stays selected: a second scan or search typed here replaces it instead of appending.
    // The selection is drawn on the next frame; a key typed before it is handled by replaceOnType.
    justPicked.current = true;
    requestAnimationFrame(() => {
      if (justPicked.current && document.activeElement === productInput.current) productInput.current?.select();
    });
  };
  const codeScan = useProductCodeScan({
    pick: (found) => {
      chooseProduct(String(found.product.id));
      if (found.quantity !== null) form.setFieldValue(`${path}.quantity`, found.quantity);
    },
    listed: (productId) => !productsLoaded || productById.has(productId),
  });
  // Enter is this field's own, Mantine's store left out: under load its record of the highlighted
  // option lags behind the list drawn (a scan's Enter then picked nothing). Enter takes the option
  // the list highlights; with none (the catalogue still loading, a scale label, a product added
  // since) it asks the server for the code typed. Ctrl/⌘ + Enter still reaches the form.
  const takeEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.stopPropagation();
    const field = event.currentTarget;
    // Only an open list: one still fading out after a pick would take a scanner's second Enter as
    // a click on the product just picked, which deselects it.
    const highlighted = listOpen ? highlightedOption(field) : null;
    if (highlighted) {
      highlighted.click();
      return;
    }
    const typed = field.value.trim();
    if (typed === '' || typed === chosenLabel()) return;
    // The next characters replace the code, as they replace a picked product's name.
    justPicked.current = true;
    setListOpen(false);
    codeScan.scan(field);
  };
  const chosenLabel = () => productOptions.find((option) => option.value === item.productId)?.label;
  // A scanner or a quick cashier types the next code right after the pick, maybe before the frame
  // that selects the name: the first character still replaces the whole name, and the frame that
  // comes after it leaves the typed text alone. Editing the text drops a scan still on its way.
  const replaceOnType = (event: KeyboardEvent<HTMLInputElement>) => {
    if (typesCharacter(event) || event.key === 'Backspace' || event.key === 'Delete') codeScan.cancel();
    if (!justPicked.current || MODIFIER_KEYS.has(event.key)) return;
    justPicked.current = false;
    if (typesCharacter(event)) event.currentTarget.select();
  };

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="receipt-item"
      data-flagged={flagged ? 'true' : undefined}
      style={{
        borderColor: flagged ? 'var(--mantine-color-red-6)' : undefined,
        opacity: item.isEnabled ? 1 : 0.6,
      }}
    >
      <Group wrap="nowrap" align="flex-end" gap="xs">
        <Switch
          mb={8}
          size="xs"
          label={t.enabled}
          labelPosition="left"
          tabIndex={-1}
          checked={item.isEnabled}
          aria-label={`${t.enabled} ${index + 1}`}
          onChange={(event) => form.setFieldValue(`${path}.isEnabled`, event.currentTarget.checked)}
        />
        <Select
          label={t.product}
          placeholder={t.productPlaceholder}
          data={productOptions}
          searchable
          filter={productFilter}
          limit={50}
          selectFirstOptionOnChange
          nothingFoundMessage={productsLoaded ? '—' : es.common.loading}
          value={item.productId}
          onChange={(value) => {
            codeScan.cancel();
            chooseProduct(value);
          }}
          error={codeScan.error ?? error('productId') ?? (unknownProduct ? t.errors.unknownProduct : undefined)}
          data-autofocus={autoFocus ? true : undefined}
          ref={productInput}
          dropdownOpened={listOpen}
          onDropdownOpen={() => setListOpen(true)}
          onDropdownClose={() => setListOpen(false)}
          onKeyDownCapture={takeEnter}
          onKeyDown={replaceOnType}
          onPaste={codeScan.cancel}
          {...selectOnFocus()}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Tooltip label={t.removeItem}>
          <ActionIcon
            mb={8}
            variant="subtle"
            color="red"
            aria-label={`${t.removeItem} ${index + 1}`}
            tabIndex={-1}
            disabled={values.items.length <= 1}
            onClick={() => form.removeListItem('items', index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group grow wrap="nowrap" align="flex-start" mt="xs" gap="xs">
        <NumberInput
          label={t.quantity}
          min={0}
          clampBehavior="none"
          {...QUANTITY_INPUT_PROPS}
          allowNegative={false}
          hideControls={!!product}
          rightSection={
            product ? (
              <Text size="xs" c="dimmed">
                {product.units}
              </Text>
            ) : undefined
          }
          rightSectionWidth={product ? 56 : undefined}
          {...numberProps('quantity')}
        />
        <NumberInput
          label={t.price}
          placeholder={productPrice ? formatPayment(pesosToCents(productPrice.price)) : undefined}
          description={productPrice?.source === 'wholesale' ? t.wholesale : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          prefix="$"
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          hideControls
          {...numberProps('price')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t.lineTotal}
          </Text>
          <Text fw={600} mt={6} data-testid="receipt-item-total">
            {formatTotal(lineTotalCents(item, product))}
          </Text>
        </Stack>
      </Group>
      {product ? (
        <Text size="xs" c={overStock ? 'red' : 'dimmed'} mt={4}>
          {t.stock(formatQuantity(product.stockQuantity, product.units))}
        </Text>
      ) : null}
      {item.isEnabled && item.needsReview ? (
        <Group gap="xs" mt={6}>
          <Text size="sm" c="red">
            {error('needsReview') ?? t.errors.review}
          </Text>
          <Button size="compact-xs" variant="light" onClick={reviewed}>
            {t.reviewDone}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
