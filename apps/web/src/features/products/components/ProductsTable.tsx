import { ActionIcon, Menu, Skeleton, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatPayment, formatQuantity, isLowStock, pesosToCents, type Product } from '@mostrador/shared';
import {
  IconAdjustmentsHorizontal,
  IconCirclePlus,
  IconDotsVertical,
  IconPackage,
  IconPencil,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import { memo, useDeferredValue } from 'react';
import { TooltipOnHover } from '../../../components/TooltipOnHover';
import { es } from '../../../i18n/es';
import classes from './ProductsTable.module.css';
import type { StockChangeKind } from './StockChangeModal';

export type ProductAction = StockChangeKind | 'edit';

const ACTIONS: Array<{ action: ProductAction; label: string; icon: Icon; color: 'blue' | 'grape' | 'gray' | 'teal' }> =
  [
    { action: 'add', label: es.products.actions.addInventory, icon: IconCirclePlus, color: 'blue' },
    { action: 'waste', label: es.products.actions.waste, icon: IconTrash, color: 'grape' },
    { action: 'adjust', label: es.products.actions.adjust, icon: IconAdjustmentsHorizontal, color: 'gray' },
    { action: 'edit', label: es.products.actions.edit, icon: IconPencil, color: 'teal' },
  ];

const SKELETON_ROWS = 12;
/** Rows painted in the first frame after a sort or filter change; the rest follow in the background. */
const FIRST_ROWS = 15;

function ProductsTableHead() {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th w={{ base: 84, sm: 150 }}>{es.products.columns.cuid}</Table.Th>
        <Table.Th>{es.products.columns.name}</Table.Th>
        <Table.Th w={{ base: 84, sm: 150 }}>{es.products.columns.price}</Table.Th>
        <Table.Th w={{ base: 96, sm: 190 }}>{es.products.columns.stock}</Table.Th>
        <Table.Th w={{ base: 64, sm: 170 }}>{es.products.columns.actions}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

type OnAction = (action: ProductAction, product: Product) => void;

/**
 * Wide screens: one icon button per action; each tooltip is mounted on the button's first hover
 * (200 idle tooltips were the costliest part of a page) beside it, never replacing it, so a click
 * that starts as the pointer arrives still lands. Narrow screens: one menu per row.
 */
function RowActions({ product, onAction, compact }: { product: Product; onAction: OnAction; compact: boolean }) {
  if (!compact) {
    return (
      <div className={classes.actions}>
        {ACTIONS.map(({ action, label, icon: ActionGlyph, color }) => (
          <TooltipOnHover key={action} label={label}>
            <button
              type="button"
              className={classes.action}
              data-color={color}
              aria-label={label}
              onClick={() => onAction(action, product)}
            >
              <ActionGlyph size={20} stroke={1.6} />
            </button>
          </TooltipOnHover>
        ))}
      </div>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={es.products.actions.menu}>
          <IconDotsVertical size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {ACTIONS.map(({ action, label, icon: ActionGlyph, color }) => (
          <Menu.Item
            key={action}
            leftSection={<ActionGlyph size={18} stroke={1.6} />}
            color={color === 'gray' ? undefined : color}
            onClick={() => onAction(action, product)}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

// Rows are plain elements with Mantine's own table classes (and the theme's striped, hover and
// border settings): a search or sort mounts a whole page of rows, and plain rows cost a fraction.
const tableClasses = Table.classes;
const rowAttributes = { 'data-striped': 'odd', 'data-hover': true, 'data-with-row-border': true };

/**
 * One row; memoized on the product object, so when a search narrows the list the rows that stay
 * are not rendered again.
 */
const ProductRow = memo(function ProductRow({
  product,
  onAction,
  compact,
}: {
  product: Product;
  onAction: OnAction;
  compact: boolean;
}) {
  return (
    <tr className={tableClasses.tr} {...rowAttributes} data-testid="product-row">
      <td className={tableClasses.td}>
        <span className={classes.code}>{product.cuid}</span>
        {product.barcode ? <span className={classes.barcode}>{product.barcode}</span> : null}
      </td>
      <td className={tableClasses.td}>
        <div className={classes.name}>
          {compact ? null : product.imageUrl ? (
            <img
              className={classes.thumb}
              src={product.imageUrl}
              alt={es.products.form.imageAlt(product.name)}
              loading="lazy"
            />
          ) : (
            <span className={classes.thumb} aria-hidden>
              <IconPackage size={18} stroke={1.5} />
            </span>
          )}
          <span>{product.name}</span>
        </div>
      </td>
      <td className={tableClasses.td}>
        <PriceCell product={product} />
      </td>
      <td className={tableClasses.td}>
        <div className={classes.stock}>
          <span className={classes.quantity}>{formatQuantity(product.stockQuantity)}</span>
          <span className={classes.units}>{product.units}</span>
          {product.sellsByWeight ? <span className={classes.units}>{es.products.bulkBadge}</span> : null}
          {isLowStock(product.stockQuantity, product.minStock) ? (
            <span className={classes.lowStock}>{es.products.lowStockBadge}</span>
          ) : null}
        </div>
      </td>
      <td className={tableClasses.td}>
        <RowActions product={product} onAction={onAction} compact={compact} />
      </td>
    </tr>
  );
});

/** 'IVA 16 %' or 'Exento', and 'IEPS' when it has one; dashed while awaiting its review. */
function TaxBadges({ product }: { product: Product }) {
  const t = es.products.taxes;
  const className = product.taxesReviewed ? classes.tax : `${classes.tax} ${classes.taxUnreviewed}`;
  const title = product.taxesReviewed ? undefined : es.products.taxReview.badge;
  return (
    <span className={classes.taxes} data-testid="product-tax" title={title}>
      <span className={className}>{product.ivaRate === 'exento' ? t.exemptBadge : t.ivaBadge(product.ivaRate)}</span>
      {product.iepsRate !== null || product.iepsPerUnit !== null ? (
        <span className={className}>{t.iepsBadge}</span>
      ) : null}
    </span>
  );
}

/** The sale price, its taxes, and the wholesale price with the quantity it starts at. */
function PriceCell({ product }: { product: Product }) {
  const t = es.products;
  return (
    <div className={classes.price}>
      <span>{product.price === null ? t.noPrice : formatPayment(pesosToCents(product.price))}</span>
      <TaxBadges product={product} />
      {product.wholesalePrice !== null && product.wholesaleMinQuantity !== null ? (
        <span className={classes.units}>
          {t.wholesaleSummary(
            formatPayment(pesosToCents(product.wholesalePrice)),
            formatQuantity(product.wholesaleMinQuantity, product.units),
          )}
        </span>
      ) : null}
    </div>
  );
}

/** CUID / Nombre / Precio / Stock / Acciones; a red 'Bajo stock' badge at or below the product's minimum (10 by default). */
export const ProductsTable = memo(function ProductsTable({
  products,
  onAction,
}: {
  products: Product[];
  onAction: OnAction;
}) {
  const compact = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  // A new page shows its first rows (all a screen holds) at once; React adds the others in an
  // interruptible background render, so the switch or select that caused it never stalls.
  const settled = useDeferredValue(products);
  const shown = settled === products ? products : products.slice(0, FIRST_ROWS);
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="xs">
        <ProductsTableHead />
        <Table.Tbody>
          {shown.map((product) => (
            <ProductRow key={product.id} product={product} onAction={onAction} compact={compact} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});

export function ProductsTableSkeleton() {
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="xs" aria-busy>
        <ProductsTableHead />
        <Table.Tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <Table.Tr key={i} data-testid="products-skeleton">
              {Array.from({ length: 5 }, (_, j) => (
                <Table.Td key={j}>
                  <Skeleton height={20} radius="sm" />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
