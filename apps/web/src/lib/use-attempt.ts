import { useState } from 'react';
import { stableJson } from '@mostrador/shared';
import { isNoAnswer, isTimeout } from './errors';
import { newIdempotencyKey } from './idempotency-key';

// Sending a write the server must not do twice (a sale, an abono) when an answer can be lost.
// The server remembers the first answer under the request's Idempotency-Key, together with a hash
// of the body: the same key with the same body gets that answer again, the same key with another
// body is refused (409). So the first send of a sale freezes its whole body, the date stamped at
// that moment included, and its key; every later send of the same sale is that request again,
// byte for byte, until an answer says how it went. What makes it "the same sale" is what the user
// chose (lines, payment, client, amount…), never the time it was sent.

/** One request as sent: the body and the key it goes under. */
export interface AttemptRequest<Body> {
  body: Body;
  idempotencyKey: string;
}

/**
 * How a send ended. `done`: the server answered with success. `refused`: it answered 4xx and
 * stored nothing, so the next send starts afresh. `unanswered`: no answer reached us (network
 * down, connection dropped, time-out), or the server says the first send is still at work
 * (409 IN_PROGRESS): it may have done it, and the next send of the same sale repeats the request. `failed`: any other error (a 5xx); it is repeated too, which is
 * harmless either way.
 */
export type AttemptOutcome = 'done' | 'refused' | 'unanswered' | 'failed';

export function outcomeOf(error: unknown): Exclude<AttemptOutcome, 'done'> {
  if (isNoAnswer(error)) return 'unanswered';
  const response = (error as { response?: { status?: unknown; data?: { error?: unknown } } } | null)?.response;
  // The first send of this key is still at work on the server: its answer is still to come.
  if (response?.data?.error === 'IN_PROGRESS') return 'unanswered';
  const status = response?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? 'refused' : 'failed';
}

/**
 * The mutation's own retry: once, at once-ish (TanStack waits a second), when the connection
 * failed without an answer. Not after a time-out: that already cost 20 s, and the user, told the
 * answer was lost, decides whether to press again.
 */
export const retryUnansweredOnce = (failureCount: number, error: unknown) =>
  failureCount < 1 && isNoAnswer(error) && !isTimeout(error);

export interface Attempts<Body> {
  /**
   * The request to send for `sale` (what the user chose: lines, payment, client, amount…). While
   * an earlier send of that same sale has had no definite answer, it is that request again; else
   * `build()` makes a fresh body (stamping the date now) under a new key.
   */
  request(sale: unknown, build: () => Body): AttemptRequest<Body>;
  /** Records how a send ended (`error` absent: success) and says how. A stale request is ignored. */
  settle(request: AttemptRequest<Body>, error?: unknown): AttemptOutcome;
  /** The request waiting for a definite answer, if any. */
  pending(): AttemptRequest<Body> | null;
  /** Whether `sale` is the one whose request waits for a definite answer. */
  isPending(sale: unknown): boolean;
}

/** The attempt logic without React (unit-tested): see useAttempt. */
export function createAttempts<Body>(newKey: () => string = newIdempotencyKey): Attempts<Body> {
  let current: { sale: string; request: AttemptRequest<Body> } | null = null;
  return {
    request(sale, build) {
      const identity = stableJson(sale);
      if (current?.sale !== identity)
        current = { sale: identity, request: { body: build(), idempotencyKey: newKey() } };
      return current.request;
    },
    settle(request, error) {
      const outcome = error === undefined ? 'done' : outcomeOf(error);
      // A definite answer ends the attempt: the next sale, or the same one pressed again after a
      // refusal, starts afresh with a new date and a new key.
      if (current?.request === request && (outcome === 'done' || outcome === 'refused')) current = null;
      return outcome;
    },
    pending: () => current?.request ?? null,
    isPending: (sale) => current !== null && current.sale === stableJson(sale),
  };
}

/**
 * The one place a write's retry is decided, for the counter, the receipt form and the abono.
 * `unansweredFor(sale)` is what the screen shows as "the answer was lost; press again, it will
 * not be done twice": true from a send that got no answer until the next send, while the sale on
 * screen is still that one (changed, it would be sent as a new sale).
 */
export function useAttempt<Body>() {
  const [attempts] = useState(() => createAttempts<Body>());
  const [unanswered, setUnanswered] = useState(false);
  const [pendingBody, setPendingBody] = useState<Body | null>(null);
  return {
    request(sale: unknown, build: () => Body): AttemptRequest<Body> {
      const request = attempts.request(sale, build);
      setUnanswered(false);
      setPendingBody(request.body);
      return request;
    },
    settle(request: AttemptRequest<Body>, error?: unknown): AttemptOutcome {
      const current = attempts.pending() === request;
      const outcome = attempts.settle(request, error);
      if (current) {
        setUnanswered(outcome === 'unanswered');
        setPendingBody(attempts.pending()?.body ?? null);
      }
      return outcome;
    },
    /** The last send got no answer and `sale` is that sale: sending it again repeats that request. */
    unansweredFor: (sale: unknown) => unanswered && attempts.isPending(sale),
    /** The body of the request still waiting for a definite answer (the counter reopens its payment method). */
    pendingBody,
  };
}
