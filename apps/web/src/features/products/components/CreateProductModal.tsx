import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { createProductBodySchema, MAX_STOCK } from '@mostrador/shared';
import { memo, useState } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCreateProduct } from '../api/product-mutations';
import { ImageField, imageError } from './ImageField';
import { ProductTextFields } from './ProductTextFields';

interface Values {
  name: string;
  cuid: string;
  units: string;
  stockQuantity: number | string;
}

const initialValues: Values = { name: '', cuid: '', units: '', stockQuantity: 0 };

/** Always mounted (memoized), so Ctrl+K opens it at once. */
export const CreateProductModal = memo(function CreateProductModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateProduct();
  const [image, setImage] = useState<File | null>(null);
  const form = useForm<Values>({
    initialValues,
    validate: schemaResolver(createProductBodySchema, { sync: true }),
  });
  const badImage = imageError(image);

  const close = () => {
    form.reset();
    setImage(null);
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (badImage) return;
    create.mutate(
      { ...createProductBodySchema.parse(values), image },
      {
        onSuccess: () => {
          notifySuccess(es.products.created);
          close();
        },
        onError: (error) => notifyFailure(es.products.createFailed, error),
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title={es.products.createTitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ProductTextFields form={form} />
          <NumberInput
            label={es.products.form.stockLabel}
            min={0}
            max={MAX_STOCK}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            withAsterisk
            {...form.getInputProps('stockQuantity')}
          />
          <ImageField
            value={image}
            onChange={setImage}
            error={badImage}
            productName={form.values.name}
            placeholder={es.products.form.imagePlaceholder}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {es.common.cancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {es.products.createSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});
