import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { es } from '../../i18n/es';

/**
 * What a page whose code failed to load, or that failed to render, shows in place of the
 * router's developer screen.
 */
export function RouteError() {
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <Center mih="60vh" p="md" component="main">
      <Stack align="center" gap="sm" maw={420}>
        <Title order={1} size="h3">
          {es.common.pageFailedTitle}
        </Title>
        <Text c="dimmed" ta="center">
          {es.common.pageFailedDetail}
        </Text>
        <Button onClick={() => window.location.reload()}>{es.common.reload}</Button>
      </Stack>
    </Center>
  );
}
