import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { setSupervisorPinBodySchema } from '@mostrador/shared';
import { type FormEvent, useState } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSetSupervisorPin, useSupervisorPin } from '../api/pin';

const t = es.supervisors.pin;

type Field = 'pin' | 'confirmPin' | 'currentPassword';

/** 'PIN de supervisor' from a Manager's or Admin's account menu: 4 to 6 digits, confirmed with their password. */
export function SupervisorPinModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const status = useSupervisorPin(opened);
  const save = useSetSupervisorPin();
  const [values, setValues] = useState<Record<Field, string>>({ pin: '', confirmPin: '', currentPassword: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});

  const close = () => {
    setValues({ pin: '', confirmPin: '', currentPassword: '' });
    setProblems({});
    onClose();
  };

  const field = (name: Field) => ({
    value: values[name],
    error: problems[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const parsed = setSupervisorPinBodySchema.safeParse({ pin: values.pin, currentPassword: values.currentPassword });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    }
    if (!found.pin && values.confirmPin !== values.pin) found.confirmPin = t.mismatch;
    setProblems(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    save.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(t.saved);
        close();
      },
      onError: (error) => notifyFailure(t.failed, error),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t.title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t.note}
          </Text>
          {status.data?.hasPin ? (
            <Text size="sm" data-testid="supervisor-pin-set">
              {t.hasPin}
            </Text>
          ) : null}
          <PasswordInput
            label={t.pin}
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            withAsterisk
            data-autofocus
            {...field('pin')}
          />
          <PasswordInput
            label={t.confirmPin}
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            withAsterisk
            {...field('confirmPin')}
          />
          <PasswordInput
            label={t.currentPassword}
            autoComplete="current-password"
            withAsterisk
            {...field('currentPassword')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {es.common.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
