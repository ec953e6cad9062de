import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  canSeeCosts,
  createProductBodySchema,
  editProductBodySchema,
  MAX_STOCK,
  type Product,
} from '@mostrador/shared';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useAuth } from '../../auth';
import { QUANTITY_INPUT_PROPS } from '../../../lib/quantity-input';
import { type ProductSave, useSaveProduct } from '../api/product-mutations';
import {
  followUnits,
  presetErrors,
  presetOf,
  type TaxFieldValues,
  taxFieldValues,
  type TaxPresetKey,
} from '../product-tax-form';
import { ImageField, imageError } from './ImageField';
import { ProductCategoryField } from './ProductCategoryField';
import { ProductCostSummary } from './ProductCostSummary';
import { ProductSaleFields, type SaleFieldValues, saleFieldValues } from './ProductSaleFields';
import { ProductTaxFields } from './ProductTaxFields';
import { ProductTextFields } from './ProductTextFields';

interface Values extends SaleFieldValues, TaxFieldValues {
  name: string;
  cuid: string;
  units: string;
  /** '' for none. */
  category: string;
  /** A new product's initial stock (later changes have their own actions). */
  stockQuantity?: number | string;
  /** The product being edited. */
  id?: number;
}

const t = es.products;
const MODES = {
  create: {
    schema: createProductBodySchema,
    title: t.createTitle,
    submit: t.createSubmit,
    done: t.created,
    failed: t.createFailed,
  },
  edit: {
    schema: editProductBodySchema,
    title: t.editTitle,
    submit: t.editSubmit,
    done: t.updated,
    failed: t.updateFailed,
  },
} as const;

/** What another screen knows of a product to create (a supplier's XML line): the form starts from it. */
export interface ProductPrefill {
  name: string;
  cuid: string;
  units: string;
  ivaRate?: Product['ivaRate'];
  satProductCode?: string;
  satUnitCode?: string;
}

const prefillTaxes = (prefill: ProductPrefill | undefined): Partial<TaxFieldValues> =>
  prefill
    ? {
        ...(prefill.ivaRate ? { ivaRate: prefill.ivaRate } : {}),
        ...(prefill.satProductCode ? { satProductCode: prefill.satProductCode } : {}),
        ...(prefill.satUnitCode ? { satUnitCode: prefill.satUnitCode } : {}),
      }
    : {};

const toSave = (product: Product | undefined, values: Values, image: File | null): ProductSave =>
  product
    ? { kind: 'edit', body: editProductBodySchema.parse(values), image }
    : { kind: 'create', body: createProductBodySchema.parse(values), image };

/**
 * 'Crear producto' (without `product`) or 'Editar producto': name, code, units, the selling fields
 * (barcode, by weight, price, minimum stock, wholesale), the taxes and image, plus the initial
 * stock of a new one. Mounted afresh on every opening, so its form starts from the product as
 * listed. Editing enables the save button only once something differs from that, or while the
 * product's taxes await their review (saving it is the review).
 */
export function ProductModal({
  product,
  prefill,
  opened,
  onClose,
  onSaved,
}: {
  product?: Product;
  /** A new product's starting values (ignored when editing). */
  prefill?: ProductPrefill;
  opened: boolean;
  onClose: () => void;
  /** The product as saved, before the modal closes. */
  onSaved?: (saved: Product) => void;
}) {
  const mode = MODES[product ? 'edit' : 'create'];
  // Cost and margin are Admin's and Manager's (the server sends a Seller no cost).
  const showCost = canSeeCosts(useAuth().role);
  const save = useSaveProduct();
  const [image, setImage] = useState<File | null>(null);
  const taxes = { ...taxFieldValues(product), ...(product ? {} : prefillTaxes(prefill)) };
  const [preset, setPreset] = useState<TaxPresetKey>(() => presetOf(taxes));
  const validateSchema = schemaResolver(mode.schema, { sync: true });
  const form = useForm<Values>({
    initialValues: product
      ? {
          id: product.id,
          name: product.name,
          cuid: product.cuid,
          units: product.units,
          category: product.category ?? '',
          ...saleFieldValues(product),
          ...taxes,
        }
      : {
          name: prefill?.name ?? '',
          cuid: prefill?.cuid ?? '',
          units: prefill?.units ?? '',
          category: '',
          stockQuantity: 0,
          ...saleFieldValues(),
          ...taxes,
        },
    validate: (values) => ({ ...validateSchema(values), ...presetErrors(preset, values) }),
    // The SAT unit follows the units (pieza → H87, kg → KGM) until someone picks another.
    onValuesChange: (values, previous) => {
      const satUnitCode = followUnits(previous.units, values.units, values.satUnitCode);
      if (satUnitCode) form.setFieldValue('satUnitCode', satUnitCode);
    },
  });
  const badImage = imageError(image);
  const changed = !product || form.isDirty() || image !== null || !product.taxesReviewed;

  const submit = form.onSubmit((values) => {
    if (badImage) return;
    save.mutate(toSave(product, values, image), {
      onSuccess: (saved) => {
        notifySuccess(mode.done);
        onSaved?.(saved);
        onClose();
      },
      onError: (error) => notifyFailure(mode.failed, error),
    });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={mode.title} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ProductTextFields form={form} />
          <ProductCategoryField form={form} />
          <ProductSaleFields form={form} />
          {product && showCost ? <ProductCostSummary product={product} values={form.values} /> : null}
          <ProductTaxFields form={form} preset={preset} onPreset={setPreset} />
          {product ? null : (
            <NumberInput
              label={t.form.stockLabel}
              {...QUANTITY_INPUT_PROPS}
              min={0}
              max={MAX_STOCK}
              allowNegative={false}
              withAsterisk
              {...form.getInputProps('stockQuantity')}
            />
          )}
          <ImageField
            value={image}
            onChange={setImage}
            error={badImage}
            currentUrl={product?.imageUrl}
            productName={product?.name ?? form.values.name}
            placeholder={product?.imageUrl ? t.form.imageReplacePlaceholder : t.form.imagePlaceholder}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {es.common.cancel}
            </Button>
            <Button type="submit" disabled={!changed} loading={save.isPending}>
              {mode.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
