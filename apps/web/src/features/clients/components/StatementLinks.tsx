import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  businessDayBounds,
  formatDateTime,
  formatShortDate,
  type StatementLinkInfo,
  type StatementLinkState,
} from '@mostrador/shared';
import { IconLinkOff } from '@tabler/icons-react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useRevokeStatementLink, useStatementLinks } from '../api/credit';

const t = es.clients.links;
const day = (ymd: string) => formatShortDate(businessDayBounds(ymd).start);
const STATE_COLORS: Record<StatementLinkState, string> = { active: 'teal', revoked: 'red', expired: 'gray' };

/**
 * The client's shared statement links that have not expired, each with 'Revocar enlace': a
 * revoked link stops opening the statement at once. Nothing shows while there are none.
 */
export function StatementLinks({ clientId }: { clientId: number }) {
  const links = useStatementLinks(clientId);
  const revoke = useRevokeStatementLink(clientId);
  if (links.isError) {
    return (
      <Text size="sm" c="red" role="alert">
        {t.loadError}
      </Text>
    );
  }
  if (!links.data || links.data.length === 0) return null;

  const onRevoke = (id: number) =>
    revoke.mutate(id, {
      onSuccess: () => notifySuccess(t.revoked),
      onError: (error) => notifyFailure(t.revokeFailed, error),
    });

  return (
    <Stack gap="xs" component="section" aria-label={t.title}>
      <Title order={4} size="h5">
        {t.title}
      </Title>
      {links.data.map((link) => (
        <LinkRow
          key={link.id}
          link={link}
          revoking={revoke.isPending && revoke.variables === link.id}
          onRevoke={() => onRevoke(link.id)}
        />
      ))}
    </Stack>
  );
}

function LinkRow({ link, revoking, onRevoke }: { link: StatementLinkInfo; revoking: boolean; onRevoke: () => void }) {
  const period = es.clients.statement.periodText(day(link.from), day(link.to));
  return (
    <Paper withBorder radius="sm" px="sm" py="xs" data-testid="statement-link">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {period}
            </Text>
            <Badge color={STATE_COLORS[link.state]} variant="light">
              {t.states[link.state]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t.sharedBy(formatDateTime(link.createdAt), link.createdBy)}
            {' · '}
            {link.revokedAt
              ? t.revokedBy(formatDateTime(link.revokedAt), link.revokedBy)
              : t.expires(formatDateTime(link.expiresAt))}
          </Text>
        </Stack>
        {link.state === 'active' ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconLinkOff size={16} />}
            loading={revoking}
            onClick={onRevoke}
            aria-label={t.revokeLabel(period)}
          >
            {t.revoke}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
