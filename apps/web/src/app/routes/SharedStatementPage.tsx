import { Alert, Container, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, type ShopIdentity } from '@mostrador/shared';
import { IconLinkOff } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useSharedStatement } from '../../features/clients/api/credit';
import { StatementTable } from '../../features/clients/components/StatementTable';
import { es } from '../../i18n/es';
import { getServerMessage } from '../../lib/errors';

const t = es.clients.statement;

/** Who shares the statement: the shop as its settings say (logo, name, address, phone, RFC). */
function ShopHeading({ business }: { business: ShopIdentity }) {
  const details = [
    ...business.address.split('\n'),
    business.phone ? `Tel. ${business.phone}` : '',
    business.rfc ? `RFC ${business.rfc}` : '',
  ].filter((line) => line.trim() !== '');
  return (
    <Group gap="sm" wrap="nowrap" align="center" data-testid="shared-statement-shop">
      {business.logo ? <Image src={business.logo} alt="" h={48} w={48} fit="contain" /> : null}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {business.businessName}
        </Text>
        {details.map((line) => (
          <Text key={line} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {line}
          </Text>
        ))}
      </Stack>
    </Group>
  );
}

/**
 * A statement shared by a signed link: no sign-in, no menu, that statement and nothing else (the
 * server leaves the staff's notes out of it).
 */
export default function SharedStatementPage() {
  const query = useLocation().search.replace(/^\?/, '');
  const statement = useSharedStatement(query);
  return (
    <Container size="md" py="xl" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        {statement.data ? <ShopHeading business={statement.data.business} /> : null}
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
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
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
