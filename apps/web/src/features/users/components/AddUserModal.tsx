import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type RegisterInput, registerBodySchema, ROLES } from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useRegisterUser } from '../api/users';

const initialValues: RegisterInput = { name: '', email: '', password: '', role: 'Seller' };

export function AddUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const register = useRegisterUser();
  const form = useForm<RegisterInput>({
    mode: 'uncontrolled',
    initialValues,
    validate: schemaResolver(registerBodySchema, { sync: true }),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    register.mutate(values, {
      onSuccess: (user) => {
        notifySuccess(es.users.created(user.name));
        close();
      },
      onError: (error) => notifyFailure(es.users.createFailed, error),
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title={es.users.add}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={es.users.nameLabel}
            placeholder={es.users.namePlaceholder}
            withAsterisk
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={es.users.emailLabel}
            placeholder={es.users.emailPlaceholder}
            type="email"
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={es.users.passwordLabel}
            placeholder={es.users.passwordPlaceholder}
            description={es.users.passwordHint}
            autoComplete="new-password"
            withAsterisk
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Select
            label={es.users.roleLabel}
            data={ROLES.map((role) => ({ value: role, label: es.layout.roles[role] }))}
            allowDeselect={false}
            withAsterisk
            key={form.key('role')}
            {...form.getInputProps('role')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {es.common.cancel}
            </Button>
            <Button type="submit" loading={register.isPending}>
              {es.users.addSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
