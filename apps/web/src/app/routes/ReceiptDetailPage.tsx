import { Alert, Anchor, Button, Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconFileInvoice, IconReceiptOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { useAuth } from '../../features/auth';
import { InvoiceReceiptDialog, mayInvoiceReceipt } from '../../features/invoices';
import { PageHeader } from '../../components/PageHeader';
import { useReceipt } from '../../features/receipts/api/get-receipt';
import { ReceiptCard } from '../../features/receipts/components/ReceiptCard';
import { es } from '../../i18n/es';
import { getErrorMessage, getStatus } from '../../lib/errors';

const t = es.receipts.detail;

/** A route id that can name a receipt: a positive integer, nothing else. */
function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** /receipts/{id}, and /reciepts/{id}, a misspelling kept so old links still work. */
export default function ReceiptDetailPage() {
  const id = parseId(useParams().id);
  const receipt = useReceipt(id);
  const { user, role } = useAuth();
  const [invoicing, invoiceDialog] = useDisclosure(false);
  // When the page opened: a Seller's window is checked against it (the server checks it again).
  const [openedAt] = useState(() => Date.now());
  const canInvoice =
    receipt.data !== undefined &&
    mayInvoiceReceipt(user && role ? { id: user.id, role } : null, receipt.data, openedAt);
  const back = (
    <Anchor component={Link} to="/receipts" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {t.back}
      </Group>
    </Anchor>
  );

  let body;
  if (id === null) {
    body = (
      <Alert color="yellow" icon={<IconReceiptOff />} title={t.missingId} role="alert">
        {t.idRequired}
      </Alert>
    );
  } else if (receipt.data) {
    body = (
      <>
        {receipt.isError ? (
          <ErrorState
            title={t.fetchError}
            detail={getErrorMessage(receipt.error)}
            onRetry={() => void receipt.refetch()}
          />
        ) : null}
        <ReceiptCard receipt={receipt.data} paymentsOpen />
      </>
    );
  } else if (receipt.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" data-testid="receipt-detail-loading">
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t.loading}
          </Text>
        </Group>
        <Skeleton height={28} width="40%" />
        <Skeleton height={16} />
        <Skeleton height={120} />
      </Stack>
    );
  } else if (getStatus(receipt.error) === 404) {
    body = (
      <Paper withBorder radius="md" p="lg" role="alert">
        <Group gap="sm">
          <IconReceiptOff />
          <Text>{t.notFound}</Text>
        </Group>
      </Paper>
    );
  } else {
    body = (
      <ErrorState title={t.fetchError} detail={getErrorMessage(receipt.error)} onRetry={() => void receipt.refetch()} />
    );
  }

  return (
    <Stack gap={0} maw={820}>
      {back}
      <PageHeader
        title={es.receipts.title}
        actions={
          canInvoice ? (
            <Button leftSection={<IconFileInvoice size={18} />} onClick={invoiceDialog.open}>
              {es.invoices.receiptAction}
            </Button>
          ) : null
        }
      />
      {body}
      {receipt.data && invoicing ? (
        <InvoiceReceiptDialog receipt={receipt.data} opened={invoicing} onClose={invoiceDialog.close} />
      ) : null}
    </Stack>
  );
}
