import { Alert, Anchor, Text } from '@mantine/core';
import { businessDayBounds, formatShortDate, meetsRequirement, PAGE_ACCESS } from '@mostrador/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { es } from '../../../i18n/es';
import { useAuth } from '../../auth';
import { usePendingComplements } from '../api/invoices';

/** Within this many days of the due day (the 5th) the warning turns red. */
const URGENT_DAYS = 5;

/**
 * 'Complementos de pago sin timbrar': on the dashboard, while an abono to a PPD invoice has no
 * stamped complemento (due by the 5th of the next month, decision 097). Nothing for a role that
 * may not see invoices, while loading, on any error (invoicing not set up included) or with none.
 */
export function ComplementsDueWarning() {
  const { role } = useAuth();
  const allowed = meetsRequirement(role, PAGE_ACCESS.invoices);
  const pending = usePendingComplements(allowed);
  const data = pending.data;
  if (!allowed || !data || data.payments === 0 || !data.dueDate) return null;
  const due = businessDayBounds(data.dueDate).start;
  const urgent = (data.daysLeft ?? 0) <= URGENT_DAYS;
  return (
    <Alert color={urgent ? 'red' : 'yellow'} icon={<IconAlertTriangle />} data-testid="complements-due" mb="md">
      <Text size="sm">
        {es.invoices.complements.duesWarning(data.payments, formatShortDate(due))}{' '}
        <Anchor component={Link} to="/facturas" size="sm" fw={700} c="inherit" underline="always">
          {es.invoices.globalSection.goToInvoices}
        </Anchor>
      </Text>
    </Alert>
  );
}
