import { Alert, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@mostrador/shared';
import { IconLinkOff } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useSharedStatement } from '../../features/clients/api/credit';
import { StatementTable } from '../../features/clients/components/StatementTable';
import { es } from '../../i18n/es';
import { getServerMessage } from '../../lib/errors';

const t = es.clients.statement;

/**
 * A statement shared by a signed link: no sign-in, no menu, that statement and nothing else (the
 * server leaves the staff's notes out of it).
 */
export default function SharedStatementPage() {
  const query = useLocation().search.replace(/^\?/, '');
  const statement = useSharedStatement(query);
  return (
    <Container size="md" py="xl" px="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t.sharedTitle}
        </Title>
        {statement.isPending ? (
          <Skeleton height={240} data-testid="shared-statement-loading" />
        ) : statement.isError ? (
          <Alert color="red" icon={<IconLinkOff />} title={t.sharedInvalid} role="alert">
            {getServerMessage(statement.error)}
          </Alert>
        ) : (
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Text fw={700} size="lg">
                {statement.data.client.name}
              </Text>
              <StatementTable statement={statement.data} />
              <Text size="xs" c="dimmed">
                {t.sharedValidUntil(formatDateTime(statement.data.expiresAt))}
              </Text>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
