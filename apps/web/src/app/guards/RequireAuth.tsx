import { Center, Loader } from '@mantine/core';
import { Outlet } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { es } from '../../i18n/es';
import { AccessMessage, LinkButton } from './AccessDenied';

/** Guarded routes: signed-out visitors get 'Access Denied' with a 'Go to Login' link. */
export function RequireAuth() {
  const { status } = useAuth();
  if (status === 'restoring') {
    return (
      <Center h="100vh">
        <Loader aria-label={es.common.loading} />
      </Center>
    );
  }
  if (status !== 'authenticated') {
    return (
      <AccessMessage
        title={es.access.deniedTitle}
        text={es.access.deniedText}
        action={<LinkButton to="/login">{es.access.goToLogin}</LinkButton>}
      />
    );
  }
  return <Outlet />;
}
