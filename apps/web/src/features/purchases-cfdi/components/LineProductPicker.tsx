import { Badge, Button, Group, Select, Stack } from '@mantine/core';
import type { CfdiDraftLine, Product } from '@mostrador/shared';
import { IconPlus } from '@tabler/icons-react';
import { texts } from '../texts';

/**
 * The product of one line: the product it matched (and how), or a searchable pick over the
 * catalogue, with 'Crear producto' for one the shop does not have yet.
 */
export function LineProductPicker({
  line,
  productId,
  options,
  onPick,
  onCreate,
  label,
}: {
  line: CfdiDraftLine;
  productId: number | null;
  options: Array<{ value: string; label: string }>;
  onPick: (productId: number | null) => void;
  onCreate: () => void;
  /** The accessible name: the line's description. */
  label: string;
}) {
  const matched = line.match && line.match.productId === productId ? line.match : null;
  return (
    <Stack gap={4}>
      <Select
        aria-label={`${texts.pickProduct}: ${label}`}
        placeholder={texts.pickProductPlaceholder}
        data={options}
        value={productId === null ? null : String(productId)}
        onChange={(value) => onPick(value === null ? null : Number(value))}
        searchable
        clearable
        limit={50}
        nothingFoundMessage="Sin coincidencias"
        error={productId === null ? texts.pickProduct : undefined}
        size="xs"
        miw={220}
      />
      <Group gap="xs">
        {matched ? (
          <Badge size="xs" variant="light" color="teal">
            {texts.matchedBy[matched.by]}
          </Badge>
        ) : null}
        {productId === null ? (
          <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={onCreate}>
            {texts.createProduct}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The catalogue as Select options: name and code, so either finds it. */
export const productOptions = (products: readonly Product[]) =>
  products.map((product) => ({ value: String(product.id), label: `${product.name} · ${product.cuid}` }));
