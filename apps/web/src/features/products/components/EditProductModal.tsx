import { Button, Group, Modal, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { editProductBodySchema, type Product } from '@mostrador/shared';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useEditProduct } from '../api/product-mutations';
import { ImageField, imageError } from './ImageField';
import { ProductTextFields } from './ProductTextFields';

interface Values {
  id: number;
  name: string;
  cuid: string;
  units: string;
}

/**
 * Edit name, code, units and image (stock changes have their own actions). SPEC 4: the save
 * button is enabled only once something differs from the product as loaded.
 */
export function EditProductModal({
  product,
  opened,
  onClose,
}: {
  product: Product;
  opened: boolean;
  onClose: () => void;
}) {
  const edit = useEditProduct();
  const [image, setImage] = useState<File | null>(null);
  const form = useForm<Values>({
    initialValues: { id: product.id, name: product.name, cuid: product.cuid, units: product.units },
    validate: schemaResolver(editProductBodySchema, { sync: true }),
  });
  const badImage = imageError(image);
  const changed = form.isDirty() || image !== null;

  const close = () => {
    form.reset();
    setImage(null);
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (badImage) return;
    edit.mutate(
      { ...editProductBodySchema.parse(values), image },
      {
        onSuccess: () => {
          notifySuccess(es.products.updated);
          onClose();
        },
        onError: (error) => notifyFailure(es.products.updateFailed, error),
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title={es.products.editTitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ProductTextFields form={form} />
          <ImageField
            value={image}
            onChange={setImage}
            error={badImage}
            currentUrl={product.imageUrl}
            productName={product.name}
            placeholder={
              product.imageUrl ? es.products.form.imageReplacePlaceholder : es.products.form.imagePlaceholder
            }
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {es.common.cancel}
            </Button>
            <Button type="submit" disabled={!changed} loading={edit.isPending}>
              {es.products.editSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
