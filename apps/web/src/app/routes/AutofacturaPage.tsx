import { Alert, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type Autofactura, formatLongDate } from '@mostrador/shared';
import { IconInfoCircle, IconLinkOff, IconRefresh } from '@tabler/icons-react';
import { useParams } from 'react-router';
import {
  AutofacturaForm,
  InvoiceReady,
  ShopContact,
  ShopHeading,
  TicketSummary,
  useAutofactura,
} from '../../features/autofactura';
import { es } from '../../i18n/es';
import { getServerMessage } from '../../lib/errors';

const t = es.autofactura;

/** What the customer can do with the ticket: the form, the invoice, or why not and whom to call. */
function NextStep({ token, data }: { token: string; data: Autofactura }) {
  switch (data.state) {
    case 'available':
      return (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <AutofacturaForm token={token} />
        </Paper>
      );
    case 'invoiced':
      return data.invoice ? <InvoiceReady invoice={data.invoice} reason={data.reason} /> : null;
    default:
      return (
        <Stack gap="md">
          <Alert color="orange" icon={<IconInfoCircle />} title={t.unavailableTitle[data.state]} role="alert">
            {data.reason}
          </Alert>
          <ShopContact business={data.business} />
        </Stack>
      );
  }
}

/**
 * Autofactura (/factura/:token), opened from the QR on a ticket, usually on a phone: no sign-in,
 * no menu; that ticket and nothing else.
 */
export default function AutofacturaPage() {
  const token = useParams().token ?? '';
  const autofactura = useAutofactura(token);
  const { data } = autofactura;
  return (
    <Container size="xs" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        {data ? <ShopHeading business={data.business} /> : null}
        <Title order={1} size="h2">
          {t.title}
        </Title>
        {autofactura.isPending ? (
          <Stack gap="sm" data-testid="autofactura-loading" aria-busy>
            <Skeleton height={140} radius="md" />
            <Skeleton height={320} radius="md" />
          </Stack>
        ) : autofactura.isError ? (
          <LoadError error={autofactura.error} retry={() => void autofactura.refetch()} />
        ) : (
          <>
            <TicketSummary receipt={autofactura.data.receipt} />
            {autofactura.data.state === 'available' ? (
              <Text size="sm" c="dimmed">
                {t.validUntil(formatLongDate(autofactura.data.expiresAt))}
              </Text>
            ) : null}
            <NextStep token={token} data={autofactura.data} />
          </>
        )}
      </Stack>
    </Container>
  );
}

/** A refused link says why (the server's message); a failure to reach the server offers to try again. */
function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const refused = getServerMessage(error);
  if (refused) {
    return (
      <Alert color="red" icon={<IconLinkOff />} title={t.invalid} role="alert">
        {refused}
      </Alert>
    );
  }
  return (
    <Alert color="red" icon={<IconLinkOff />} title={t.loadFailed} role="alert">
      <Button variant="light" color="red" mt="xs" leftSection={<IconRefresh size={18} />} onClick={retry}>
        {t.retry}
      </Button>
    </Alert>
  );
}
