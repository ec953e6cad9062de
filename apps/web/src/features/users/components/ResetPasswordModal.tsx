import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { passwordProblem, resetPasswordBodySchema, type User } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useResetPassword } from '../api/users';

/** The body's rule, plus what the server adds: the password may not contain the user's name or e-mail. */
const newPasswordSchema = (user: User | null) =>
  resetPasswordBodySchema.pick({ newPassword: true }).superRefine(({ newPassword }, ctx) => {
    if (!user || passwordProblem(newPassword) !== null) return;
    const problem = passwordProblem(newPassword, user);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['newPassword'] });
  });

/** 'Restablecer contraseña': the Admin sets a new password; every session of that user ends. */
export function ResetPasswordModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const reset = useResetPassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { newPassword: '' },
    validate: (values) => schemaResolver(newPasswordSchema(user), { sync: true })(values),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(({ newPassword }) => {
    if (!user) return;
    reset.mutate(
      { id: user.id, newPassword },
      {
        onSuccess: () => {
          notifySuccess(es.users.passwordReset(user.name));
          close();
        },
        onError: (error) => notifyFailure(es.users.resetFailed, error),
      },
    );
  });

  return (
    <Modal opened={user !== null} onClose={close} title={es.users.resetPasswordTitle(user?.name ?? '')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {es.users.resetPasswordNote}
          </Text>
          <PasswordInput
            label={es.users.newPasswordLabel}
            placeholder={es.users.passwordPlaceholder}
            description={es.users.passwordHint}
            autoComplete="new-password"
            withAsterisk
            data-autofocus
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {es.common.cancel}
            </Button>
            <Button type="submit" loading={reset.isPending}>
              {es.users.resetSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
