import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { createProductBodySchema, editProductBodySchema, MAX_STOCK, type Product } from '@mostrador/shared';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { QUANTITY_INPUT_PROPS } from '../../../lib/quantity-input';
import { type ProductSave, useSaveProduct } from '../api/product-mutations';
import { ImageField, imageError } from './ImageField';
import { ProductSaleFields, type SaleFieldValues, saleFieldValues } from './ProductSaleFields';
import { ProductTextFields } from './ProductTextFields';

interface Values extends SaleFieldValues {
  name: string;
  cuid: string;
  units: string;
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

const toSave = (product: Product | undefined, values: Values, image: File | null): ProductSave =>
  product
    ? { kind: 'edit', body: editProductBodySchema.parse(values), image }
    : { kind: 'create', body: createProductBodySchema.parse(values), image };

/**
 * 'Crear producto' (without `product`) or 'Editar producto': name, code, units, the selling fields
 * (barcode, by weight, price, minimum stock, wholesale) and image, plus the initial stock of a new one. Mounted afresh on every opening, so its form starts from the product
 * as listed. Editing enables the save button only once something differs from that.
 */
export function ProductModal({
  product,
  opened,
  onClose,
}: {
  product?: Product;
  opened: boolean;
  onClose: () => void;
}) {
  const mode = MODES[product ? 'edit' : 'create'];
  const save = useSaveProduct();
  const [image, setImage] = useState<File | null>(null);
  const form = useForm<Values>({
    initialValues: product
      ? { id: product.id, name: product.name, cuid: product.cuid, units: product.units, ...saleFieldValues(product) }
      : { name: '', cuid: '', units: '', stockQuantity: 0, ...saleFieldValues() },
    validate: schemaResolver(mode.schema, { sync: true }),
  });
  const badImage = imageError(image);
  const changed = !product || form.isDirty() || image !== null;

  const submit = form.onSubmit((values) => {
    if (badImage) return;
    save.mutate(toSave(product, values, image), {
      onSuccess: () => {
        notifySuccess(mode.done);
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
          <ProductSaleFields form={form} />
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
