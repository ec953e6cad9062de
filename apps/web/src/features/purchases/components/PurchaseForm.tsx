import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useHotkeys } from '@mantine/hooks';
import { businessToday, formatTotal, MAX_INVOICE_FOLIO, type Product, type PurchasePaid } from '@mostrador/shared';
import { IconAlertTriangle, IconBarcode, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { es } from '../../../i18n/es';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { getErrorMessage } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notify';
import { ProductSearchModal } from '../../counter';
import { useCreatePurchase } from '../api/purchases';
import {
  linesFromDraft,
  type PurchaseDraft,
  type PurchaseFormValues,
  type PurchaseLine,
  purchaseBody,
  purchaseProblem,
  purchaseTotalCents,
} from '../purchase-form';
import { lineInputKey, type LineInputs, PurchaseLinesTable } from './PurchaseLinesTable';
import { SupplierPicker } from './SupplierPicker';
import { usePurchaseLines } from './usePurchaseLines';

const t = es.purchases.form;

/**
 * 'Nueva compra', keyboard first like the counter: the supplier, then codes scanned or typed into
 * one field (Enter adds the line and moves to its quantity, Enter to its cost, Enter back to the
 * code), the amounts and the total live, contado or crédito, and F12 or Ctrl+Enter registers it.
 * A draft (the reorder's 'Crear compra') fills the supplier and the lines.
 */
export function PurchaseForm({ draft }: { draft?: PurchaseDraft | null }) {
  const navigate = useNavigate();
  const codeInput = useRef<HTMLInputElement>(null);
  // The lines' inputs by key (one Map for the form's life), to move the focus along.
  const [inputs] = useState<LineInputs>(() => new Map());
  const [code, setCode] = useState('');
  const [search, setSearch] = useState<{ text: string; quantity: number | null } | null>(null);
  const [values, setValues] = useState<PurchaseFormValues>(() => ({
    supplierId: draft?.supplier?.id ?? null,
    date: businessToday(),
    invoiceFolio: '',
    paid: 'contado',
    fromDrawer: false,
    note: '',
  }));
  const [notice, setNotice] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const create = useCreatePurchase();
  // One key per body: a retry of the same purchase after a lost answer registers it once.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  // The line just added or scanned again gets the focus on its quantity once it is drawn (an
  // effect after the commit: the line's input exists then, whenever the lookup's answer renders).
  const [focusRequest, setFocusRequest] = useState<{ key: number } | null>(null);
  const focusLine = useCallback((line: PurchaseLine) => setFocusRequest({ key: line.key }), []);
  useEffect(() => {
    if (!focusRequest) return;
    const input = inputs.get(lineInputKey(focusRequest.key, 'quantity'));
    input?.focus();
    input?.select();
  }, [focusRequest, inputs]);
  const onUnmatched = useCallback((text: string, quantity: number | null) => setSearch({ text, quantity }), []);
  const purchase = usePurchaseLines(linesFromDraft(draft), { onAdded: focusLine, onUnmatched });
  const totalCents = purchaseTotalCents(purchase.lines);
  const set = (change: Partial<PurchaseFormValues>) => {
    setValues((v) => ({ ...v, ...change }));
    setNotice(null);
  };

  const submit = () => {
    if (create.isPending || purchase.pending) return;
    setTried(true);
    const problem = purchaseProblem(values, purchase.lines);
    if (problem) {
      setNotice(problem);
      return;
    }
    const body = purchaseBody(values, purchase.lines);
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
    setNotice(null);
    create.mutate(
      { body, key: attempt.current.key },
      {
        onSuccess: (created) => {
          notifySuccess(t.created(created.id));
          void navigate(`/compras/${created.id}`);
        },
        onError: (error) => setNotice(`${t.createFailed} ${getErrorMessage(error)}`),
      },
    );
  };
  useHotkeys(
    [
      ['F12', submit],
      ['mod+Enter', submit],
      ['F2', () => setSearch({ text: '', quantity: null })],
    ],
    [],
  );

  const onCodeKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const typed = code;
    setCode('');
    purchase.enter(typed);
  };
  const pick = (product: Product) => {
    const quantity = search?.quantity ?? null;
    setSearch(null);
    purchase.add(product, quantity);
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.title}
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            <SupplierPicker
              value={values.supplierId}
              draftName={draft?.supplier?.name}
              onChange={(supplierId) => set({ supplierId })}
              error={tried && values.supplierId === null ? t.needSupplier : null}
            />
            <Group grow align="flex-start">
              <DatePickerInput
                label={t.date}
                value={values.date}
                onChange={(date) => set({ date: date ?? businessToday() })}
                valueFormat="DD/MM/YYYY"
                maxDate={businessToday()}
              />
              <TextInput
                label={t.folio}
                placeholder={t.folioPlaceholder}
                maxLength={MAX_INVOICE_FOLIO}
                value={values.invoiceFolio}
                onChange={(event) => set({ invoiceFolio: event.currentTarget.value })}
              />
            </Group>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                ref={codeInput}
                style={{ flex: 1, minWidth: 0 }}
                size="md"
                label={t.code}
                placeholder={t.codePlaceholder}
                leftSection={<IconBarcode size={18} />}
                rightSection={purchase.pending ? <Loader size="xs" aria-label={t.looking} /> : null}
                value={code}
                onChange={(event) => {
                  setCode(event.currentTarget.value);
                  if (purchase.error) purchase.clearError();
                }}
                onKeyDown={onCodeKey}
                error={purchase.error}
                autoComplete="off"
                spellCheck={false}
                data-autofocus
                autoFocus
                data-testid="purchase-code"
              />
              <Button size="md" variant="default" px="md" onClick={() => setSearch({ text: code, quantity: null })}>
                <IconSearch size={18} />
                <Text span inherit ml={6} visibleFrom="xs">
                  {t.searchButton}
                </Text>
              </Button>
            </Group>
            <PurchaseLinesTable
              lines={purchase.lines}
              inputs={inputs}
              onChange={purchase.update}
              onRemove={purchase.remove}
              onDone={() => codeInput.current?.focus()}
              showErrors={tried}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <Card withBorder radius="md" padding="md">
              <Text size="sm" c="dimmed">
                {t.total} · {t.lineCount(purchase.lines.length)}
              </Text>
              <Text fz={32} fw={700} data-testid="purchase-form-total">
                {formatTotal(totalCents)}
              </Text>
            </Card>
            <SegmentedControl
              aria-label={t.paid}
              fullWidth
              value={values.paid}
              onChange={(paid) =>
                set({ paid: paid as PurchasePaid, fromDrawer: paid === 'contado' && values.fromDrawer })
              }
              data={[
                { value: 'contado', label: es.purchases.paid.contado },
                { value: 'crédito', label: es.purchases.paid.crédito },
              ]}
            />
            {values.paid === 'contado' ? (
              <Switch
                label={t.fromDrawer}
                description={t.fromDrawerHint}
                checked={values.fromDrawer}
                onChange={(event) => set({ fromDrawer: event.currentTarget.checked })}
              />
            ) : null}
            <Textarea
              label={t.note}
              placeholder={t.notePlaceholder}
              autosize
              minRows={2}
              value={values.note}
              onChange={(event) => set({ note: event.currentTarget.value })}
            />
            {notice ? (
              <Alert
                color="red"
                icon={<IconAlertTriangle />}
                role="alert"
                withCloseButton
                onClose={() => setNotice(null)}
              >
                {notice}
              </Alert>
            ) : null}
            <Button size="lg" onClick={submit} loading={create.isPending} data-testid="purchase-submit">
              {t.submit}
            </Button>
            <Text size="xs" c="dimmed">
              {t.shortcuts}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
      {search ? (
        <ProductSearchModal opened initialSearch={search.text} onPick={pick} onClose={() => setSearch(null)} />
      ) : null}
    </Stack>
  );
}
