import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { hasLevel, INVOICE_MESSAGES } from '@mostrador/shared';
import { IconReceiptOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { es } from '../../../i18n/es';
import { useAuth } from '../../auth';

/** Invoicing is not set up: what is missing, and for an Admin the way to 'Datos fiscales'. */
export function NotConfiguredAlert() {
  const { role } = useAuth();
  return (
    <Alert
      color="yellow"
      icon={<IconReceiptOff />}
      title={INVOICE_MESSAGES.notConfigured}
      data-testid="invoicing-not-configured"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{INVOICE_MESSAGES.notConfiguredHelp}</Text>
        {hasLevel(role, 'Private') ? (
          <Anchor component={Link} to="/configuracion?vista=fiscal" size="sm" fw={700} c="inherit" underline="always">
            {es.invoices.notConfiguredLink}
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}
