import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { changePasswordBodySchema, passwordProblem, type User } from '@mostrador/shared';
import { useMutation } from '@tanstack/react-query';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { changePassword } from '../api/auth';
import { useAuth } from '../auth-context';

/** The body's rule, the same password twice, and what the server adds: not containing one's name or e-mail. */
const formSchema = (user: User | null) =>
  changePasswordBodySchema
    .extend({ confirmPassword: changePasswordBodySchema.shape.newPassword })
    .refine((values) => values.confirmPassword === values.newPassword, {
      message: es.auth.passwordsDiffer,
      path: ['confirmPassword'],
    })
    .superRefine(({ newPassword }, ctx) => {
      if (!user || passwordProblem(newPassword) !== null) return;
      const problem = passwordProblem(newPassword, user);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['newPassword'] });
    });

const initialValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** 'Cambiar contraseña' from the user menu: this session stays, the others end. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const change = useMutation({ mutationFn: changePassword });
  const { user } = useAuth();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues,
    validate: (values) => schemaResolver(formSchema(user), { sync: true })(values),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          notifySuccess(es.auth.passwordChanged);
          close();
        },
        onError: (error) => notifyFailure(es.auth.changeFailed, error),
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title={es.auth.changePassword}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {es.auth.changePasswordNote}
          </Text>
          <PasswordInput
            label={es.auth.currentPasswordLabel}
            autoComplete="current-password"
            withAsterisk
            data-autofocus
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label={es.auth.newPasswordLabel}
            description={es.auth.newPasswordHint}
            autoComplete="new-password"
            withAsterisk
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label={es.auth.confirmPasswordLabel}
            autoComplete="new-password"
            withAsterisk
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {es.common.cancel}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {es.auth.changeSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
