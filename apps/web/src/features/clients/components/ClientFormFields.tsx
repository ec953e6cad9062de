import { Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Client } from '@mostrador/shared';
import { es } from '../../../i18n/es';

/** What the create and edit forms hold: plain strings, blank meaning "none". */
export interface ClientFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
}

export const emptyClientForm: ClientFormValues = { firstName: '', lastName: '', phone: '', email: '', address: '' };

export function clientFormValues(client: Client): ClientFormValues {
  return {
    firstName: client.firstName,
    lastName: client.lastName ?? '',
    phone: client.phone ?? '',
    email: client.email ?? '',
    address: client.address ?? '',
  };
}

const t = es.clients;

/** Nombre and Apellido required; Teléfono, Correo electrónico (e-mail input), Dirección (3-6 rows). */
export function ClientFormFields({ form }: { form: UseFormReturnType<ClientFormValues> }) {
  return (
    <Stack gap="md">
      <TextInput
        label={t.fields.firstName}
        placeholder={t.placeholders.firstName}
        withAsterisk
        data-autofocus
        autoComplete="off"
        key={form.key('firstName')}
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label={t.fields.lastName}
        placeholder={t.placeholders.lastName}
        withAsterisk
        autoComplete="off"
        key={form.key('lastName')}
        {...form.getInputProps('lastName')}
      />
      <TextInput
        label={t.fields.phone}
        placeholder={t.placeholders.phone}
        type="tel"
        autoComplete="off"
        key={form.key('phone')}
        {...form.getInputProps('phone')}
      />
      <TextInput
        label={t.fields.email}
        placeholder={t.placeholders.email}
        type="email"
        autoComplete="off"
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <Textarea
        label={t.fields.address}
        placeholder={t.placeholders.address}
        autosize
        minRows={3}
        maxRows={6}
        key={form.key('address')}
        {...form.getInputProps('address')}
      />
    </Stack>
  );
}
