import { Center, Loader } from '@mantine/core';
import { Outlet } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { es } from '../../i18n/es';
import { AccessPage, LinkButton } from './AccessDenied';

/** While a stored session is checked on load: a loader, never a flash of the login form. */
export function RestoringSession() {
  return (
    <Center component="main" h="100vh">
      <Loader aria-label={es.common.loading} data-testid="session-restoring" />
    </Center>
  );
}

/** Guarded routes: signed-out visitors get 'Access Denied' with a 'Go to Login' link. */
export function RequireAuth() {
  const { status } = useAuth();
  if (status === 'restoring') return <RestoringSession />;
  if (status !== 'authenticated') {
    return (
      <AccessPage
        title={es.access.deniedTitle}
        text={es.access.deniedText}
        action={<LinkButton to="/login">{es.access.goToLogin}</LinkButton>}
      />
    );
  }
  return <Outlet />;
}
