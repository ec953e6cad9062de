import {
  Alert,
  Button,
  Group,
  Input,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  canChooseSaleDate,
  type Client,
  clientFullName,
  type CreateReceiptResponse,
  formatTotal,
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES,
  type PaymentMode,
} from '@mostrador/shared';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { PaymentMethodControl } from '../../../components/PaymentMethodControl';
import { es } from '../../../i18n/es';
import { selectOnFocus } from '../../../lib/select-on-focus';
import { useAuth } from '../../auth';
import { ClientCreditSummary, CreateClientModal, useClients } from '../../clients';
import { useProducts } from '../../products';
import {
  CLIENT_CREATE_NEW,
  CLIENT_UNSPECIFIED,
  emptyReceiptItem,
  formTotalCents,
  initialReceiptFormValues,
  isRealClient,
  printDefaultFor,
  type ReceiptFormValues,
  receiptFormSchema,
  type ReceiptPrefill,
} from '../receipt-form';
import { accentInsensitiveFilter } from '../../../lib/options-filter';
import { ReceiptItemRow } from './ReceiptItemRow';
import { productOptionsFilter } from '../product-search';
import { useSubmitReceipt } from './useSubmitReceipt';
import { openConfirm } from '../../../lib/confirm';
import { SupervisorModal } from '../../supervisors';

const t = es.receipts.create;

export interface CreateReceiptModalProps {
  opened: boolean;
  onClose: () => void;
  /** The voice assistant's receipt: rows it did not understand come marked for review. */
  prefill?: ReceiptPrefill | null;
  onCreated?: (receipt: CreateReceiptResponse) => void;
}

/**
 * 'Nueva Remisión'. The form mounts on every opening, so it starts from `prefill`. Escape, the
 * close button and 'Cancelar' ask before throwing away a form that was touched.
 */
export function CreateReceiptModal({ opened, onClose, prefill, onCreated }: CreateReceiptModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const touched = useRef(false);
  const setTouched = useCallback((value: boolean) => {
    touched.current = value;
  }, []);
  const requestClose = () => {
    if (!touched.current) {
      onClose();
      return;
    }
    openConfirm({
      title: t.discardTitle,
      children: <Text size="sm">{t.discardText}</Text>,
      labels: { confirm: t.discard, cancel: t.keepEditing },
      confirmProps: { color: 'red' },
      onConfirm: onClose,
    });
  };
  return (
    <Modal opened={opened} onClose={requestClose} title={t.title} closeOnClickOutside={false} fullScreen={phone}>
      <CreateReceiptForm
        prefill={prefill ?? null}
        onClose={onClose}
        onCancel={requestClose}
        onTouched={setTouched}
        onCreated={onCreated}
      />
    </Modal>
  );
}

function CreateReceiptForm({
  prefill,
  onClose,
  onCancel,
  onTouched,
  onCreated,
}: {
  prefill: ReceiptPrefill | null;
  onClose: () => void;
  onCancel: () => void;
  onTouched: (touched: boolean) => void;
  onCreated?: (receipt: CreateReceiptResponse) => void;
}) {
  const products = useProducts();
  const clients = useClients();
  // A Seller's sale is dated when it is sent (a dictated date too); Admin and Manager choose it.
  const { role } = useAuth();
  const choosesDate = canChooseSaleDate(role);
  const sale = useSubmitReceipt((receipt) => {
    onCreated?.(receipt);
    onClose();
  });
  const [creatingClient, setCreatingClient] = useState(false);
  // A client created from this form, shown before the refreshed list arrives.
  const [newClient, setNewClient] = useState<Client | null>(null);

  const [initialValues] = useState(() => initialReceiptFormValues(prefill));
  const form = useForm<ReceiptFormValues>({ initialValues });
  const values = form.getValues();
  // The assistant's receipt counts as work to keep even before it is edited.
  const touched = prefill !== null || form.isDirty();
  useEffect(() => {
    onTouched(touched);
  }, [onTouched, touched]);
  const [focusRowKey, setFocusRowKey] = useState<string | null>(null);

  const productList = useMemo(() => products.data ?? [], [products.data]);
  const productById = useMemo(() => new Map(productList.map((p) => [p.id, p])), [productList]);
  const productOptions = useMemo(
    () => productList.map((p) => ({ value: String(p.id), label: `${p.name} · ${p.cuid}` })),
    [productList],
  );
  const productFilter = useMemo(() => productOptionsFilter(productList), [productList]);
  const clientList = useMemo(() => {
    const list = clients.data ?? [];
    return newClient && !list.some((c) => c.id === newClient.id) ? [...list, newClient] : list;
  }, [clients.data, newClient]);
  const clientOptions = useMemo(
    () => [
      { value: String(CLIENT_UNSPECIFIED), label: t.clientUnspecified },
      { value: String(CLIENT_CREATE_NEW), label: t.clientCreateNew },
      ...clientList.map((c) => ({ value: String(c.id), label: clientFullName(c) ?? `#${c.id}` })),
    ],
    [clientList],
  );

  const paymentModeId = useId();
  const creditWithoutClient = values.paymentMode === 'Credit' && !isRealClient(values.clientId);
  const flagged = values.items.some((item) => item.isEnabled && item.needsReview);
  const totalCents = formTotalCents(values, productById);
  const lostAnswer = sale.lostAnswerFor(values, { datedNow: !choosesDate });

  const setPaymentMode = (mode: PaymentMode) => {
    form.setFieldValue('paymentMode', mode);
    form.setFieldValue('printReceipt', printDefaultFor(mode));
  };

  const selectClient = (value: string | null) => {
    if (value === String(CLIENT_CREATE_NEW)) {
      setCreatingClient(true);
      return;
    }
    form.setFieldValue('clientId', value ?? String(CLIENT_UNSPECIFIED));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sale.isPending) return;
    const current = form.getValues();
    const knownClients = clients.data ? new Set(clientList.map((c) => c.id)) : undefined;
    // A Seller's price below the product's is sent: the server asks for a supervisor's authorisation.
    const validate = schemaResolver(receiptFormSchema(productById, knownClients), { sync: true });
    const errors = validate(current);
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) sale.submit(current, { datedNow: !choosesDate });
  };

  // Only the 'Crear remisión' button (or Ctrl/⌘ + Enter) sends the sale: Enter in a field,
  // a scanner's Enter included, never does.
  const keepEnterInFields = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) submit(event);
  };

  const addRow = () => {
    const row = emptyReceiptItem();
    form.insertListItem('items', row);
    setFocusRowKey(row.key);
  };

  return (
    <>
      <form onSubmit={submit} onKeyDown={keepEnterInFields} noValidate>
        <Stack gap="md">
          <Select
            label={t.client}
            placeholder={t.clientPlaceholder}
            data={clientOptions}
            searchable
            filter={accentInsensitiveFilter}
            limit={100}
            allowDeselect={false}
            nothingFoundMessage="—"
            value={values.clientId}
            onChange={selectClient}
            // Entering the field selects 'Sin especificar' (or the client chosen), so what is typed
            // replaces it instead of being appended ('Sin especificarmar').
            {...selectOnFocus()}
            error={form.errors.clientId === undefined ? undefined : creditWithoutClient ? true : form.errors.clientId}
          />
          {isRealClient(values.clientId) ? <ClientCreditSummary clientId={Number(values.clientId)} /> : null}
          <Group grow align="flex-start" wrap="wrap">
            <Input.Wrapper label={t.paymentMode} id={paymentModeId}>
              <SegmentedControl
                fullWidth
                aria-labelledby={`${paymentModeId}-label`}
                data={PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] }))}
                value={values.paymentMode}
                onChange={(mode) => setPaymentMode(mode as PaymentMode)}
              />
            </Input.Wrapper>
            {choosesDate ? (
              <DateTimePicker
                label={t.date}
                valueFormat="DD/MM/YYYY hh:mm A"
                timePickerProps={{ format: '12h' }}
                value={values.date}
                onChange={(value) => form.setFieldValue('date', value ?? '')}
                error={form.errors.date}
              />
            ) : (
              <TextInput label={t.date} value={t.dateNow} description={t.dateNowHint} readOnly />
            )}
          </Group>
          {values.paymentMode === 'Cash' ? (
            <PaymentMethodControl
              label={t.paymentMethod}
              value={values.paymentMethod}
              onChange={(method) => form.setFieldValue('paymentMethod', method)}
            />
          ) : null}

          {creditWithoutClient ? (
            <Alert color="yellow" icon={<IconAlertTriangle />} title={t.creditNeedsClientTitle} role="alert">
              {t.creditNeedsClient}
            </Alert>
          ) : null}

          {flagged ? (
            <Alert color="red" icon={<IconAlertTriangle />} title={t.reviewTitle}>
              {t.reviewText}
            </Alert>
          ) : null}

          <Stack gap="xs">
            <Text fw={600}>{t.items}</Text>
            {values.items.map((item, index) => (
              <ReceiptItemRow
                key={item.key}
                form={form}
                index={index}
                productOptions={productOptions}
                productFilter={productFilter}
                productById={productById}
                productsLoaded={products.isSuccess}
                autoFocus={index === 0 && !prefill}
                focusOnMount={item.key === focusRowKey}
              />
            ))}
            {typeof form.errors.items === 'string' ? (
              <Text c="red" size="sm" role="alert">
                {form.errors.items}
              </Text>
            ) : null}
            <Group justify="space-between">
              <Button variant="light" size="sm" leftSection={<IconPlus size={16} />} onClick={addRow}>
                {t.addItem}
              </Button>
              <Group gap="xs" align="baseline">
                <Text c="dimmed">{t.grandTotal}</Text>
                <Text fw={700} size="xl" data-testid="receipt-form-total">
                  {formatTotal(totalCents)}
                </Text>
              </Group>
            </Group>
          </Stack>

          <Switch
            label={t.printReceipt}
            checked={values.printReceipt}
            onChange={(event) => form.setFieldValue('printReceipt', event.currentTarget.checked)}
          />

          {products.isError ? (
            <Text c="red" size="sm">
              {es.receipts.loadError}
            </Text>
          ) : null}

          {lostAnswer ? (
            <Alert color="yellow" icon={<IconAlertTriangle />} title={es.common.lostAnswerTitle} role="alert">
              {t.lostAnswer}
            </Alert>
          ) : null}

          <Group justify="flex-end" align="center">
            <Text size="xs" c="dimmed" visibleFrom="sm" mr="auto">
              {t.submitHint}
            </Text>
            <Button variant="default" onClick={onCancel}>
              {es.common.cancel}
            </Button>
            <Button type="submit" loading={sale.isPending} disabled={!products.isSuccess}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>

      {/* Outside the form: React events bubble through portals, and its submit must not be ours. */}
      <CreateClientModal
        opened={creatingClient}
        onClose={() => setCreatingClient(false)}
        onCreated={(client) => {
          setNewClient(client);
          form.setFieldValue('clientId', String(client.id));
        }}
      />
      {/* A Seller's sale over the client's limit: a supervisor authorises it here (outside the form too). */}
      <SupervisorModal {...sale.supervisor} />
    </>
  );
}
