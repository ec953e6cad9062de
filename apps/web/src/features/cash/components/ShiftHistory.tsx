import { ActionIcon, Badge, Button, Group, Paper, Select, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { businessToday, CASH_RESULT_COLORS, dayjs, formatDateTime, type Shift } from '@mostrador/shared';
import { IconCalendar, IconFileTypePdf } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { notifyFailure } from '../../../lib/notify';
import { openPrintDialog } from '../../printing';
import { fetchShiftPdf, type ShiftFilter, useShiftList } from '../api/cash';
import { money, signedMoney } from '../money';

const t = es.cash.history;
const c = t.columns;

/** 'Historial de turnos' (Admin/Manager): every user's shifts in a date range, newest first. */
export function ShiftHistory() {
  const today = businessToday();
  const [range, setRange] = useState<DatesRangeValue<string>>([
    dayjs(today).subtract(6, 'day').format('YYYY-MM-DD'),
    today,
  ]);
  const [userId, setUserId] = useState<string | null>(null);
  const [from, to] = range;
  const dates: ShiftFilter = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const complete = !from || !!to;
  const list = useShiftList(userId ? { ...dates, userId: Number(userId) } : dates, complete);
  const shifts = useMemo(() => list.data?.pages.flatMap((page) => page.shifts) ?? [], [list.data]);
  // The user filter offers everyone with a shift in the range (the user list is the Admin's alone):
  // the same request as the unfiltered list, so it costs nothing more while no user is picked.
  const everyone = useShiftList(dates, complete);
  const users = useMemo(() => {
    const names = new Map<number, string>();
    for (const page of everyone.data?.pages ?? [])
      for (const shift of page.shifts) names.set(shift.user.id, shift.user.name);
    return [...names].map(([id, name]) => ({ value: String(id), label: name }));
  }, [everyone.data]);

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DatePickerInput
          type="range"
          label={`${t.from} – ${t.to}`}
          value={range}
          onChange={setRange}
          allowSingleDateInRange
          maxDate={today}
          leftSection={<IconCalendar size={16} />}
          miw={260}
        />
        <Select
          label={t.user}
          placeholder={t.allUsers}
          data={users}
          value={userId}
          onChange={setUserId}
          clearable
          miw={220}
        />
      </Group>
      <Paper withBorder radius="md" p={0}>
        {list.isPending ? (
          <HistorySkeleton />
        ) : list.isError ? (
          <ErrorState title={t.loadError} detail={getErrorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : shifts.length === 0 ? (
          <Text c="dimmed" ta="center" p="xl">
            {t.empty}
          </Text>
        ) : (
          <HistoryTable shifts={shifts} />
        )}
      </Paper>
      {list.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t.loadMore}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function HistoryTable({ shifts }: { shifts: Shift[] }) {
  const [opening, setOpening] = useState<number | null>(null);
  const openPdf = async (shift: Shift) => {
    setOpening(shift.id);
    try {
      await openPrintDialog(await fetchShiftPdf(shift.id), `turno-${shift.id}.pdf`);
    } catch (error) {
      notifyFailure(t.pdfFailed, error);
    } finally {
      setOpening(null);
    }
  };
  const pdfButton = (shift: Shift) => (
    <Tooltip label={t.openPdf(shift.id)}>
      <ActionIcon
        variant="subtle"
        aria-label={t.openPdf(shift.id)}
        loading={opening === shift.id}
        onClick={() => void openPdf(shift)}
      >
        <IconFileTypePdf size={18} />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <>
      <Stack gap={0} hiddenFrom="sm">
        {shifts.map((shift) => (
          <Group
            key={shift.id}
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            p="sm"
            data-testid="shift-card"
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600}>{shift.user.name}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(shift.openedAt)} → {shift.closedAt ? formatDateTime(shift.closedAt) : t.stillOpen}
              </Text>
              <Text size="sm">
                {c.expected} {money(shift.expected)} · {c.counted} {shift.counted === null ? '—' : money(shift.counted)}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <ResultBadge shift={shift} />
              {shift.difference === null ? null : (
                <Text size="sm" fw={700} ff="monospace" c={shift.result ? CASH_RESULT_COLORS[shift.result] : undefined}>
                  {signedMoney(shift.difference)}
                </Text>
              )}
              {pdfButton(shift)}
            </Stack>
          </Group>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={820} visibleFrom="sm">
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={t.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{c.user}</Table.Th>
              <Table.Th>{c.opened}</Table.Th>
              <Table.Th>{c.closed}</Table.Th>
              <Table.Th ta="right">{c.expected}</Table.Th>
              <Table.Th ta="right">{c.counted}</Table.Th>
              <Table.Th ta="right">{c.difference}</Table.Th>
              <Table.Th>{c.result}</Table.Th>
              <Table.Th>{c.pdf}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shifts.map((shift) => (
              <Table.Tr key={shift.id} data-testid="shift-row">
                <Table.Td>{shift.user.name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(shift.openedAt)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {shift.closedAt ? formatDateTime(shift.closedAt) : t.stillOpen}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {money(shift.expected)}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {shift.counted === null ? '—' : money(shift.counted)}
                </Table.Td>
                <Table.Td
                  ta="right"
                  ff="monospace"
                  fw={600}
                  c={shift.result ? CASH_RESULT_COLORS[shift.result] : undefined}
                >
                  {shift.difference === null ? '—' : signedMoney(shift.difference)}
                </Table.Td>
                <Table.Td>
                  <ResultBadge shift={shift} />
                </Table.Td>
                <Table.Td>{pdfButton(shift)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

function ResultBadge({ shift }: { shift: Shift }) {
  return shift.result ? (
    <Badge color={CASH_RESULT_COLORS[shift.result]} variant="light">
      {es.cash.result.labels[shift.result]}
    </Badge>
  ) : (
    <Badge color="gray" variant="outline">
      {t.stillOpen}
    </Badge>
  );
}

function HistorySkeleton() {
  return (
    <Stack gap="sm" p="md" data-testid="history-skeleton">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height={28} />
      ))}
    </Stack>
  );
}
