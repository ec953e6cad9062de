import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { registerSupplierBodySchema, type Supplier } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCreateSupplier, useEditSupplier } from '../api/suppliers';

const t = es.suppliers;

interface Values {
  name: string;
  rfc: string;
  phone: string;
  contact: string;
  notes: string;
}

const valuesOf = (supplier: Supplier | null): Values => ({
  name: supplier?.name ?? '',
  rfc: supplier?.rfc ?? '',
  phone: supplier?.phone ?? '',
  contact: supplier?.contact ?? '',
  notes: supplier?.notes ?? '',
});

/**
 * 'Nuevo proveedor' (without `supplier`) or 'Editar proveedor'. Mounted on opening, so it starts
 * from the supplier as listed; `onSaved` hands the answer back (the purchase form selects it).
 */
export function SupplierModal({
  supplier = null,
  initialName = '',
  onSaved,
  onClose,
}: {
  supplier?: Supplier | null;
  /** A new supplier's name as already typed (the purchase form's search). */
  initialName?: string;
  onSaved?: (supplier: Supplier) => void;
  onClose: () => void;
}) {
  const create = useCreateSupplier();
  const edit = useEditSupplier();
  const saving = create.isPending || edit.isPending;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: supplier ? valuesOf(supplier) : { ...valuesOf(null), name: initialName },
    validate: schemaResolver(registerSupplierBodySchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const done = (saved: Supplier) => {
      notifySuccess(supplier ? t.updated : t.created);
      onSaved?.(saved);
      onClose();
    };
    if (supplier)
      edit.mutate(
        { id: supplier.id, ...values },
        { onSuccess: done, onError: (error) => notifyFailure(t.updateFailed, error) },
      );
    else create.mutate(values, { onSuccess: done, onError: (error) => notifyFailure(t.createFailed, error) });
  });

  return (
    <Modal opened onClose={onClose} title={supplier ? t.editTitle : t.create}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t.fields.name}
            placeholder={t.placeholders.name}
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t.fields.rfc}
              placeholder={t.placeholders.rfc}
              autoComplete="off"
              {...form.getInputProps('rfc')}
              onChange={(event) => form.setFieldValue('rfc', event.currentTarget.value.toUpperCase())}
            />
            <TextInput
              label={t.fields.phone}
              placeholder={t.placeholders.phone}
              type="tel"
              {...form.getInputProps('phone')}
            />
          </Group>
          <TextInput label={t.fields.contact} placeholder={t.placeholders.contact} {...form.getInputProps('contact')} />
          <Textarea
            label={t.fields.notes}
            placeholder={t.placeholders.notes}
            autosize
            minRows={2}
            {...form.getInputProps('notes')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {es.common.cancel}
            </Button>
            <Button type="submit" loading={saving} disabled={!!supplier && !form.isDirty()}>
              {supplier ? t.saveChanges : t.createSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
