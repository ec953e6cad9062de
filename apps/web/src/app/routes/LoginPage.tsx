import { Alert, BackgroundImage, Card, Center, Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { es } from '../../i18n/es';
import { sessionNotice } from '../../lib/api';
import { RestoringSession } from '../guards/RequireAuth';
import { homePathFor } from '../layout/nav-items';

export default function LoginPage() {
  const { status, role } = useAuth();
  if (status === 'restoring') return <RestoringSession />;
  // Signing in re-renders this page as signed in, which sends the user to their first page.
  if (status === 'authenticated') return <Navigate to={homePathFor(role)} replace />;
  const notice = sessionNotice.get();

  return (
    <BackgroundImage component="main" src="/login-bg.svg" mih="100vh">
      <Center mih="100vh" p="md">
        <Card shadow="lg" radius="lg" p="xl" w="100%" maw={420} withBorder>
          <Stack gap="lg">
            <Stack gap={4} align="center">
              <Title order={1} c="teal">
                {es.common.appName}
              </Title>
              <Text c="dimmed" size="sm">
                {es.auth.subtitle}
              </Text>
            </Stack>
            {notice ? (
              <Alert color="yellow" title={es.auth.sessionEndedTitle} data-testid="session-notice">
                {notice}
              </Alert>
            ) : null}
            <LoginForm />
          </Stack>
        </Card>
      </Center>
    </BackgroundImage>
  );
}
