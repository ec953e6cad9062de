import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { supervisorCredentialsSchema } from '@mostrador/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { es } from '../../../i18n/es';
import type { SupervisorModalProps } from '../useSupervisorStep';

const t = es.supervisors;

/**
 * 'Autorización de supervisor': what needs it, the supervisor's e-mail or user name and their
 * password or PIN; Enter authorises. The secret is not kept: cleared once sent, and the form is
 * mounted only while the dialog is open, so closing forgets both fields.
 */
export function SupervisorModal({ opened, onCancel, ...form }: SupervisorModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={t.title} zIndex={400}>
      <SupervisorForm {...form} onCancel={onCancel} />
    </Modal>
  );
}

function SupervisorForm({ reason, error, sending, onSubmit, onCancel }: Omit<SupervisorModalProps, 'opened'>) {
  const [login, setLogin] = useState('');
  const [secret, setSecret] = useState('');
  const [problems, setProblems] = useState<{ login?: string; secret?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = supervisorCredentialsSchema.safeParse({ login, secret });
    if (!parsed.success) {
      const found: { login?: string; secret?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'login' | 'secret';
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    setSecret('');
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{reason}</Text>
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        <TextInput
          label={t.login}
          placeholder={t.loginPlaceholder}
          value={login}
          onChange={(event) => setLogin(event.currentTarget.value)}
          error={problems.login}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          data-autofocus
        />
        <PasswordInput
          label={t.secret}
          value={secret}
          onChange={(event) => setSecret(event.currentTarget.value)}
          error={problems.secret}
          autoComplete="off"
        />
        {error && (
          <Alert color="red" icon={<IconAlertTriangle />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={sending}>
            {t.authorize}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
