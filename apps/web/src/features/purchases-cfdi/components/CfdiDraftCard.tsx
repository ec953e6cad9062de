import { Alert, Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { type CfdiDraft, formatQuantity, formatTotal, type Product } from '@mostrador/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { ProductModal, type ProductPrefill } from '../../products';
import { useCreatePurchaseFromCfdi } from '../api/create-purchase';
import {
  chosenProducts,
  lineAmountCents,
  missingProducts,
  prefillOf,
  purchaseBody,
  type PurchasePaid,
} from '../draft-review';
import { texts } from '../texts';
import { LineProductPicker, productOptions } from './LineProductPicker';

const unitCostFormat = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const IVA_LABEL = (rate: CfdiDraft['lines'][number]['ivaRate']) =>
  rate === null ? texts.ivaNone : rate === 'exento' ? texts.ivaExento : `${rate} %`;

/** One supplier invoice read from its XML: its header, its lines with their products, and 'Registrar compra'. */
export function CfdiDraftCard({
  draft,
  products,
  registeredId,
  onRegistered,
}: {
  draft: CfdiDraft;
  products: readonly Product[];
  /** The purchase this draft became on this screen, if it did. */
  registeredId: number | null;
  onRegistered: (purchaseId: number) => void;
}) {
  const create = useCreatePurchaseFromCfdi();
  const [picks, setPicks] = useState<ReadonlyMap<number, number>>(new Map());
  const [cleared, setCleared] = useState<ReadonlySet<number>>(new Set());
  const [paid, setPaid] = useState<PurchasePaid>('crédito');
  const [creating, setCreating] = useState<{ index: number; prefill: ProductPrefill } | null>(null);

  const chosen = chosenProducts(draft, picks).map((id, index) => (cleared.has(index) ? null : id));
  const missing = missingProducts(chosen);
  const options = productOptions(products);
  const pick = (index: number, productId: number | null) => {
    setPicks((current) => {
      const next = new Map(current);
      if (productId === null) next.delete(index);
      else next.set(index, productId);
      return next;
    });
    setCleared((current) => {
      const next = new Set(current);
      if (productId === null) next.add(index);
      else next.delete(index);
      return next;
    });
  };

  const confirm = () => {
    const body = purchaseBody(draft, chosen, paid);
    if (!body) return;
    create.mutate(body, {
      onSuccess: (purchase) => {
        notifySuccess(texts.created(purchase.id));
        onRegistered(purchase.id);
      },
      onError: (error) => notifyFailure(texts.createFailed, error),
    });
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={`${draft.supplier.name} ${draft.invoiceFolio ?? ''}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={2} size="h4">
                {draft.supplier.name}
              </Title>
              {draft.supplier.id === null ? (
                <Badge variant="light" color="blue">
                  {texts.newSupplier}
                </Badge>
              ) : null}
              {draft.alreadyImported ? <Badge color="orange">{texts.alreadyImported}</Badge> : null}
            </Group>
            <Text size="sm" c="dimmed">
              RFC {draft.supplier.rfc} · {texts.folio} {draft.invoiceFolio ?? '—'} · {texts.date} {draft.date}
            </Text>
            <Text size="xs" c="dimmed">
              {texts.uuid} {draft.cfdiUuid} · {draft.fileName}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {texts.total}
            </Text>
            <Text fw={700}>{formatTotal(Math.round(draft.total * 100))}</Text>
          </Stack>
        </Group>

        {draft.alreadyImported ? (
          <Alert color="orange" variant="light">
            {texts.alreadyImportedHint}
          </Alert>
        ) : null}

        <Table.ScrollContainer minWidth={680}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.line.description}</Table.Th>
                <Table.Th>{texts.line.product}</Table.Th>
                <Table.Th ta="right">{texts.line.quantity}</Table.Th>
                <Table.Th ta="right">{texts.line.unitCost}</Table.Th>
                <Table.Th>{texts.line.iva}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.lines.map((line, index) => (
                <Table.Tr key={index}>
                  <Table.Td>
                    {line.description}
                    <Text size="xs" c="dimmed">
                      {texts.line.code} {line.supplierCode ?? texts.noCode}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {draft.alreadyImported || registeredId !== null ? (
                      (products.find((p) => p.id === chosen[index])?.name ?? line.match?.productName ?? '—')
                    ) : (
                      <LineProductPicker
                        line={line}
                        label={line.description}
                        productId={chosen[index] ?? null}
                        options={options}
                        onPick={(productId) => pick(index, productId)}
                        onCreate={() => setCreating({ index, prefill: prefillOf(line) })}
                      />
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatQuantity(line.quantity, line.units)}</Table.Td>
                  <Table.Td ta="right">
                    {unitCostFormat.format(line.unitCost)}
                    <Text size="xs" c="dimmed">
                      {formatTotal(lineAmountCents(line))}
                    </Text>
                  </Table.Td>
                  <Table.Td>{IVA_LABEL(line.ivaRate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          {texts.costNote}
        </Text>

        {registeredId !== null ? (
          <Alert color="teal" variant="light" title={texts.registered(registeredId)}>
            <Anchor component={Link} to={`/compras/${registeredId}`}>
              {texts.viewPurchase(registeredId)}
            </Anchor>
          </Alert>
        ) : draft.alreadyImported ? null : (
          <Group justify="space-between" wrap="wrap">
            <Group gap="sm">
              <Text size="sm" fw={500} id={`paid-${draft.cfdiUuid}`}>
                {texts.paid}
              </Text>
              <SegmentedControl
                aria-labelledby={`paid-${draft.cfdiUuid}`}
                value={paid}
                onChange={(value) => setPaid(value as PurchasePaid)}
                data={[
                  { value: 'contado', label: texts.paidOptions.contado },
                  { value: 'crédito', label: texts.paidOptions.crédito },
                ]}
              />
            </Group>
            <Group gap="sm">
              {missing > 0 ? (
                <Text size="sm" c="var(--mantine-color-orange-text)">
                  {texts.unmatched(missing)}
                </Text>
              ) : null}
              <Button onClick={confirm} disabled={missing > 0} loading={create.isPending}>
                {texts.confirm}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
      {creating ? (
        <ProductModal
          opened
          prefill={creating.prefill}
          onClose={() => setCreating(null)}
          onSaved={(product) => pick(creating.index, product.id)}
        />
      ) : null}
    </Paper>
  );
}
