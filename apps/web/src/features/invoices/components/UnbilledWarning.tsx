import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { INVOICE_MESSAGES, meetsRequirement, PAGE_ACCESS } from '@mostrador/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { es } from '../../../i18n/es';
import { useAuth } from '../../auth';
import { usePendingGlobal } from '../api/invoices';
import { PendingGlobalPeriods } from './PendingGlobalPeriods';

/**
 * 'Hay ventas de periodos cerrados sin facturar': on the dashboard and the cut, while a closed
 * period's public sales still wait for their factura global. Nothing at all for a role that may
 * not issue it, while loading, on any error (invoicing not set up included) or with nothing due.
 * `withIssue` lists the periods with their 'Emitir factura global' (the cut issues the day's).
 */
export function UnbilledWarning({ withIssue = false }: { withIssue?: boolean }) {
  const { role } = useAuth();
  const allowed = meetsRequirement(role, PAGE_ACCESS.invoices);
  const pending = usePendingGlobal(allowed);
  if (!allowed || !pending.data || pending.data.periods.length === 0) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle />} data-testid="unbilled-warning" mb="md">
      <Stack gap="xs">
        <Text size="sm">
          {INVOICE_MESSAGES.unbilledWarning}{' '}
          <Anchor component={Link} to="/facturas" size="sm" fw={700} c="inherit" underline="always">
            {es.invoices.globalSection.goToInvoices}
          </Anchor>
        </Text>
        {withIssue ? <PendingGlobalPeriods pending={pending.data} /> : null}
      </Stack>
    </Alert>
  );
}
