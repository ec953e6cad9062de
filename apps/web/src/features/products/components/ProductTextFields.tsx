import { Group, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { es } from '../../../i18n/es';

type WithTextFields = { name: string; cuid: string; units: string };

/** Name, code and units: the fields create and edit share. */
export function ProductTextFields<V extends WithTextFields>({ form }: { form: UseFormReturnType<V> }) {
  return (
    <>
      <TextInput
        label={es.products.form.nameLabel}
        placeholder={es.products.form.namePlaceholder}
        withAsterisk
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Group grow align="flex-start">
        <TextInput
          label={es.products.form.cuidLabel}
          placeholder={es.products.form.cuidPlaceholder}
          withAsterisk
          {...form.getInputProps('cuid')}
        />
        <TextInput
          label={es.products.form.unitsLabel}
          placeholder={es.products.form.unitsPlaceholder}
          withAsterisk
          {...form.getInputProps('units')}
        />
      </Group>
    </>
  );
}
