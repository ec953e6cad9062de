import type { SupervisorCredentials } from '@mostrador/shared';
import { useRef, useState } from 'react';
import { getErrorCode, getErrorMessage } from '../../lib/errors';

// The supervisor's step of any request that may need one (a sale over the credit limit or below
// the price, a cancellation, a return): the server refuses it with 403 SUPERVISOR_REQUIRED and a
// message saying what needs it; the cashier's screen opens 'Autorización de supervisor', a
// Manager or Admin types their e-mail or user name and their password or PIN, and the same
// request is sent again with `supervisor` added. A wrong secret (SUPERVISOR_REFUSED) or too many
// of them (RATE_LIMITED) is said in the dialog, which stays open for another try.
//
// Idempotency: the caller's retry is a new request. A refused first send stored nothing on the
// server and ended its attempt (use-attempt.ts: a 4xx starts afresh), so the send with the
// credentials gets a new Idempotency-Key; what makes it "the same sale" for a resend after a lost
// answer must not include the credentials, so that pressing again repeats that authorised request.

/** Codes that keep the dialog open: the credentials were refused, or tried too often. */
const SAID_IN_DIALOG = new Set(['SUPERVISOR_REFUSED', 'RATE_LIMITED']);

/**
 * What the step does with a failed request's error code: open the dialog ('ask'), say it in the
 * open dialog ('say'), or leave it to the caller ('pass'; an open dialog closes).
 */
export function supervisorStepFor(code: string | null, dialogOpen: boolean): 'ask' | 'say' | 'pass' {
  if (code === 'SUPERVISOR_REQUIRED') return 'ask';
  if (dialogOpen && code !== null && SAID_IN_DIALOG.has(code)) return 'say';
  return 'pass';
}

export interface SupervisorModalProps {
  opened: boolean;
  /** What needs the authorisation, as the server said it. */
  reason: string;
  /** The last refusal of the credentials, shown in the dialog. */
  error: string | null;
  /** A send with the credentials is on its way. */
  sending: boolean;
  onSubmit: (credentials: SupervisorCredentials) => void;
  onCancel: () => void;
}

export interface SupervisorStep {
  /**
   * Takes a failed request's error: when it asks for a supervisor, opens the dialog with the
   * server's message, and `retry` (the same request with `supervisor` added) is what the dialog
   * sends; while the dialog is open, a refusal of the credentials is shown in it. True when the
   * error was taken; false otherwise (the dialog, if open, closes and the caller reports the error).
   */
  handle(error: unknown, retry: (supervisor: SupervisorCredentials) => void): boolean;
  /** The request went through, or got no answer: the dialog closes. */
  close(): void;
  /** Whether the dialog is open. */
  isOpen: boolean;
  /** For <SupervisorModal {...step.modal} />. */
  modal: SupervisorModalProps;
}

export function useSupervisorStep(): SupervisorStep {
  const [reason, setReason] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Read in the callbacks of a request sent from the dialog, after renders they do not see.
  const open = useRef(false);
  const retryRef = useRef<((supervisor: SupervisorCredentials) => void) | null>(null);

  const close = () => {
    open.current = false;
    retryRef.current = null;
    setReason(null);
    setError(null);
    setSending(false);
  };

  const handle: SupervisorStep['handle'] = (failure, retry) => {
    const step = supervisorStepFor(getErrorCode(failure), open.current);
    if (step === 'ask') {
      open.current = true;
      retryRef.current = retry;
      setReason(getErrorMessage(failure));
      setError(null);
      setSending(false);
      return true;
    }
    if (step === 'say') {
      retryRef.current = retry;
      setError(getErrorMessage(failure));
      setSending(false);
      return true;
    }
    if (open.current) close();
    return false;
  };

  return {
    handle,
    close,
    isOpen: reason !== null,
    modal: {
      opened: reason !== null,
      reason: reason ?? '',
      error,
      sending,
      onSubmit: (credentials) => {
        if (sending || !retryRef.current) return;
        setSending(true);
        setError(null);
        retryRef.current(credentials);
      },
      onCancel: close,
    },
  };
}
