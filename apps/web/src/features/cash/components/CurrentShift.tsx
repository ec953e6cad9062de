import { Badge, Button, Flex, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type CashMovementType, formatDateTime, type Shift } from '@mostrador/shared';
import { IconArrowDownRight, IconArrowUpRight, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { useShopSettings } from '../../settings';
import { useCurrentShift } from '../api/cash';
import { money } from '../money';
import classes from './Cash.module.css';
import { CloseShiftModal } from './CloseShiftModal';
import { MovementModal } from './MovementModal';
import { OpenShiftForm } from './OpenShiftForm';
import { ShiftFigures } from './ShiftFigures';
import { ShiftResult } from './ShiftResult';

const t = es.cash.current;

/**
 * The signed-in user's own shift: open one, or the open one's live figures with 'Entrada',
 * 'Salida' and 'Cerrar caja'; right after closing, its result until another is opened.
 */
export function CurrentShift() {
  const current = useCurrentShift();
  const settings = useShopSettings();
  // Until the shop's settings are read, blind: the expected cash never flashes on a blind count.
  const blind = settings.isPending || settings.data?.blindCount === true;
  const [closed, setClosed] = useState<Shift | null>(null);

  if (closed) return <ShiftResult shift={closed} onDone={() => setClosed(null)} />;
  if (current.isPending) return <CurrentShiftSkeleton />;
  if (current.isError) {
    return (
      <ErrorState
        title={es.cash.loadError}
        detail={getErrorMessage(current.error)}
        onRetry={() => void current.refetch()}
      />
    );
  }
  if (!current.data) return <OpenShiftForm />;
  return <OpenShift shift={current.data} blind={blind} onClosed={setClosed} />;
}

function OpenShift({ shift, blind, onClosed }: { shift: Shift; blind: boolean; onClosed: (shift: Shift) => void }) {
  const [movement, setMovement] = useState<CashMovementType | null>(null);
  const [closing, closeModal] = useDisclosure(false);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Badge color="teal" variant="light" size="lg">
            {t.openBadge}
          </Badge>
          <Text size="sm" c="dimmed" data-testid="shift-opened">
            {t.openedBy(shift.user.name, formatDateTime(shift.openedAt))}
          </Text>
        </Group>
        <Flex wrap="wrap" gap="xs" w={{ base: '100%', sm: 'auto' }} className={classes.actions}>
          <Button
            variant="light"
            px="xs"
            leftSection={<IconArrowDownRight size={18} />}
            onClick={() => setMovement('Entrada')}
          >
            {t.entrada}
          </Button>
          <Button
            variant="light"
            color="orange"
            px="xs"
            leftSection={<IconArrowUpRight size={18} />}
            onClick={() => setMovement('Salida')}
          >
            {t.salida}
          </Button>
          <Button color="red" px="xs" leftSection={<IconLock size={18} />} onClick={closeModal.open}>
            {t.close}
          </Button>
        </Flex>
      </Group>
      {blind ? (
        // A blind count: the expected cash (and the lines that add up to it) shows once the count is confirmed.
        <Paper withBorder radius="md" p="md" data-testid="shift-blind">
          <Text size="sm">{t.blindHint}</Text>
        </Paper>
      ) : (
        <ShiftFigures shift={shift} />
      )}
      <Movements shift={shift} />
      <MovementModal type={movement} onClose={() => setMovement(null)} />
      <CloseShiftModal opened={closing} onClose={closeModal.close} onClosed={onClosed} />
    </Stack>
  );
}

function Movements({ shift }: { shift: Shift }) {
  const c = t.movementColumns;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t.movements}>
      <Text fw={600} mb="sm">
        {t.movements}
      </Text>
      {shift.movements.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noMovements}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{c.time}</Table.Th>
                <Table.Th>{c.type}</Table.Th>
                <Table.Th ta="right">{c.amount}</Table.Th>
                <Table.Th>{c.note}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shift.movements.map((m) => (
                <Table.Tr key={m.id} data-testid="shift-movement">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt)}</Table.Td>
                  <Table.Td>
                    <Badge color={m.type === 'Entrada' ? 'teal' : 'orange'} variant="light">
                      {m.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {m.type === 'Salida' ? '− ' : '+ '}
                    {money(m.amount)}
                  </Table.Td>
                  <Table.Td>{m.note}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function CurrentShiftSkeleton() {
  return (
    <Stack gap="md" data-testid="cash-skeleton">
      <Skeleton height={36} width="60%" />
      <Paper withBorder radius="md" p="md">
        <Skeleton height={16} width="30%" mb="md" />
        <Group grow>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Group>
        <Skeleton height={56} mt="md" />
      </Paper>
    </Stack>
  );
}
