import { BackgroundImage, Card, Center, Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { es } from '../../i18n/es';
import { homePathFor } from '../layout/nav-items';

export default function LoginPage() {
  const { isAuthenticated, role } = useAuth();
  // Signing in re-renders this page as signed in, which sends the user to their first page.
  if (isAuthenticated) return <Navigate to={homePathFor(role)} replace />;

  return (
    <BackgroundImage src="/login-bg.svg" mih="100vh">
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
            <LoginForm />
          </Stack>
        </Card>
      </Center>
    </BackgroundImage>
  );
}
