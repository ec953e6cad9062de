import { Button, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { businessToday, type Client, dayjs, formatPayment, pesosToCents, whatsappUrl } from '@mostrador/shared';
import { IconBrandWhatsapp, IconCash, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { notifyError, notifyFailure } from '../../../lib/notify';
import { PublicUrlMissingModal, useShopSettings } from '../../settings';
import { type StatementPeriod, useDownloadStatementPdf, useStatement, useStatementLink } from '../api/credit';
import { RegisterAbonoModal } from './RegisterAbonoModal';
import { StatementLinks } from './StatementLinks';
import { StatementComplements } from '../../invoices';
import { StatementTable } from './StatementTable';

const t = es.clients.statement;

const PAPERS = [
  { paper: '80', label: t.pdf80 },
  { paper: 'letter', label: t.pdfLetter },
] as const;

const lastNinetyDays = (): StatementPeriod => {
  const to = businessToday();
  return { from: dayjs(to).subtract(90, 'day').format('YYYY-MM-DD'), to };
};

/**
 * The client's account on their detail page (Admin and Manager): abono, statement, PDF, WhatsApp,
 * and the links shared so far, each revocable.
 */
export function ClientAccount({ client }: { client: Client }) {
  const [period, setPeriod] = useState<StatementPeriod>(lastNinetyDays);
  const [paying, payModal] = useDisclosure(false);
  const statement = useStatement(client.id, period);
  const pdf = useDownloadStatementPdf();
  const link = useStatementLink();
  const shop = useShopSettings();
  const [missingAddress, addressModal] = useDisclosure(false);

  const setDay = (key: keyof StatementPeriod) => (value: string | null) => {
    if (value) setPeriod((current) => ({ ...current, [key]: dayjs(value).format('YYYY-MM-DD') }));
  };

  const share = () => {
    // Without the shop's public address a link would name this computer, which the client's
    // phone cannot open: say what to set instead of making one.
    if (shop.data?.publicUrl === null) {
      addressModal.open();
      return;
    }
    // Opened at once (inside the click) so the browser does not block it; filled when the link arrives.
    const win = window.open('', '_blank');
    link.mutate(
      { id: client.id, period },
      {
        onSuccess: ({ url: address }) => {
          if (address === null) {
            win?.close();
            addressModal.open();
            return;
          }
          const closing = statement.data ? formatPayment(pesosToCents(statement.data.closing)) : '';
          const text = t.shareText(client.firstName, closing, address);
          const url = whatsappUrl(client.phone, text);
          if (!url) {
            win?.close();
            notifyError(t.noPhone);
            return;
          }
          if (win) win.location.href = url;
          else window.location.href = url;
        },
        onError: (error) => {
          win?.close();
          notifyFailure(t.shareFailed, error);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={3} size="h4">
            {t.title}
          </Title>
          <Button leftSection={<IconCash size={18} />} onClick={payModal.open} disabled={(client.balance ?? 0) <= 0}>
            {es.clients.payment.open}
          </Button>
        </Group>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <DatePickerInput
            label={t.from}
            value={period.from}
            onChange={setDay('from')}
            maxDate={period.to}
            valueFormat="DD/MM/YYYY"
            w={150}
          />
          <DatePickerInput
            label={t.to}
            value={period.to}
            onChange={setDay('to')}
            minDate={period.from}
            valueFormat="DD/MM/YYYY"
            w={150}
          />
          {PAPERS.map(({ paper, label }) => (
            <Button
              key={paper}
              variant="default"
              leftSection={<IconFileTypePdf size={18} />}
              loading={pdf.isPending && pdf.variables?.paper === paper}
              onClick={() =>
                pdf.mutate({ id: client.id, period, paper }, { onError: (e) => notifyFailure(t.pdfFailed, e) })
              }
            >
              {label}
            </Button>
          ))}
          <Button color="green" leftSection={<IconBrandWhatsapp size={18} />} loading={link.isPending} onClick={share}>
            {t.share}
          </Button>
        </Group>
        <StatementLinks clientId={client.id} />
        {statement.isPending ? (
          <Skeleton height={160} data-testid="statement-loading" />
        ) : statement.isError ? (
          <ErrorState
            title={t.loadError}
            detail={getErrorMessage(statement.error)}
            onRetry={() => void statement.refetch()}
          />
        ) : (
          <>
            <StatementTable statement={statement.data} />
            <StatementComplements complements={statement.data.paymentComplements} />
          </>
        )}
      </Stack>
      <RegisterAbonoModal client={client} opened={paying} onClose={payModal.close} />
      <PublicUrlMissingModal opened={missingAddress} onClose={addressModal.close} />
    </Paper>
  );
}
