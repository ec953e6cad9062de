import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import {
  canAuthorize,
  pesosToCents,
  RECEIPT_STATE_LABELS,
  RECEIPT_STATES,
  type ReceiptState,
  stateChangeRefusal,
  stateChangeRefusalMessage,
  type SupervisorCredentials,
} from '@mostrador/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useAuth } from '../../auth';
import { SupervisorModal, useSupervisorStep } from '../../supervisors';
import { useChangeReceiptState } from '../api/receipt-actions';
import type { ReceiptActionDialogProps } from './receipt-actions';
import { ReceiptStateBadge } from './ReceiptStateBadge';

const t = es.receipts.changeState;

/**
 * The current state may be chosen, but confirming is blocked with a warning; targets the server
 * always refuses (the shared rule) are disabled, each with its reason. The menu opens it aimed
 * at Cancelled. A Seller may only cancel, with a supervisor's authorisation: the server asks for
 * it and 'Autorización de supervisor' opens.
 */
export function ChangeStateModal({
  receipt,
  opened,
  onClose,
  initialTarget = 'Cancelled',
}: ReceiptActionDialogProps & { initialTarget?: ReceiptState }) {
  const [target, setTarget] = useState<ReceiptState>(initialTarget);
  const change = useChangeReceiptState();
  const supervisorStep = useSupervisorStep();
  const { role } = useAuth();
  const onlyCancel = !canAuthorize(role);
  const same = target === receipt.state;
  const balanceCents = pesosToCents(receipt.balance);
  const refused = RECEIPT_STATES.flatMap((state) => {
    const refusal = stateChangeRefusal({ state: receipt.state, balanceCents }, state);
    if (refusal && refusal !== 'same-state') {
      return [{ state, reason: stateChangeRefusalMessage(refusal, receipt.id, state) }];
    }
    return onlyCancel && state !== 'Cancelled' && state !== receipt.state ? [{ state, reason: t.onlyCancel }] : [];
  });

  const close = () => {
    setTarget(initialTarget);
    onClose();
  };

  const confirm = (supervisor?: SupervisorCredentials) => {
    if (same || change.isPending) return;
    const from = receipt.state;
    change.mutate(
      { id: receipt.id, state: target, ...(supervisor ? { supervisor } : {}) },
      {
        onSuccess: (updated) => {
          supervisorStep.close();
          notifySuccess(t.changed(updated.id, RECEIPT_STATE_LABELS[from], RECEIPT_STATE_LABELS[updated.state]));
          close();
        },
        onError: (error) => {
          if (supervisorStep.handle(error, (credentials) => confirm(credentials))) return;
          notifyFailure(t.failed, error);
        },
      },
    );
  };

  return (
    <>
      <Modal opened={opened} onClose={close} title={t.title(receipt.id)}>
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t.current}:
            </Text>
            <ReceiptStateBadge state={receipt.state} />
          </Group>
          <Select
            label={t.target}
            data={RECEIPT_STATES.map((state) => ({
              value: state,
              label: RECEIPT_STATE_LABELS[state],
              disabled: refused.some((r) => r.state === state),
            }))}
            value={target}
            onChange={(value) => value && setTarget(value as ReceiptState)}
            allowDeselect={false}
            error={same ? true : undefined}
          />
          {refused.map(({ state, reason }) => (
            <Text key={state} size="sm" c="dimmed" data-testid="unavailable-state">
              {t.unavailable(RECEIPT_STATE_LABELS[state])} {reason}
            </Text>
          ))}
          {same ? (
            <Alert color="yellow" icon={<IconAlertTriangle />} role="alert">
              {t.sameState}
            </Alert>
          ) : target === 'Cancelled' ? (
            <Text size="sm" c="red">
              {t.cancelWarning}
              {receipt.invoice?.kind === 'receipts' && receipt.invoice.status === 'stamped'
                ? ` ${t.invoicedWarning(receipt.invoice.number)}`
                : null}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t.back}
            </Button>
            <Button
              color={target === 'Cancelled' ? 'red' : undefined}
              disabled={same}
              loading={change.isPending}
              onClick={() => confirm()}
            >
              {t.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <SupervisorModal {...supervisorStep.modal} />
    </>
  );
}
