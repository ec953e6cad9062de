import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type LoginBody, loginBodySchema } from '@mostrador/shared';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { useAuth } from '../auth-context';

export function LoginForm() {
  const { login, error } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<LoginBody>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginBodySchema, { sync: true }),
  });

  const submit = form.onSubmit(async ({ email, password }) => {
    setSubmitting(true);
    await login(email, password);
    setSubmitting(false);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={es.auth.emailLabel}
          placeholder={es.auth.emailPlaceholder}
          type="email"
          autoComplete="username"
          autoFocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={es.auth.passwordLabel}
          placeholder={es.auth.passwordPlaceholder}
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={submitting}>
          {es.auth.submit}
        </Button>
        {error ? (
          <Text c="red" size="sm" role="alert" ta="center">
            {error}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
