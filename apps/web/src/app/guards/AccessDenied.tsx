import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function AccessMessage({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <IconLock size={48} stroke={1.5} color="var(--mantine-color-red-6)" />
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {action}
      </Stack>
    </Center>
  );
}

/** The message as a whole page of its own, outside the signed-in layout and its main landmark. */
export function AccessPage(props: { title: string; text: string; action?: ReactNode }) {
  return (
    <main>
      <AccessMessage {...props} />
    </main>
  );
}

export function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="light">
      {children}
    </Button>
  );
}
