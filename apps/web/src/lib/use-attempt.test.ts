import { AxiosError, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { type AttemptRequest, createAttempts, outcomeOf, retryUnansweredOnce } from './use-attempt';

// The counter's, the receipt form's and the abono's retries: the first send freezes the body
// (its date included) and the key; a send after a lost answer repeats it; a definite answer ends it.

interface Body {
  items: Array<{ productId: number; quantity: number }>;
  paymentMode: string;
  date: string;
}

const lostAnswer = () => new AxiosError('Network Error', AxiosError.ERR_NETWORK);
const timedOut = () => new AxiosError('timeout of 20000ms exceeded', AxiosError.ECONNABORTED);
const answered = (status: number, message = 'x', error = 'CONFLICT') =>
  new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, undefined, undefined, {
    status,
    data: { message, error },
  } as AxiosResponse);

/** A clock that moves a second per reading, and a body stamped with it, as the counter builds one. */
function setup() {
  let second = 0;
  let keys = 0;
  const attempts = createAttempts<Body>(() => `key-${++keys}`);
  const builds: string[] = [];
  const send = (sale: { items: Body['items']; paymentMode: string }) =>
    attempts.request(sale, () => {
      const date = `2026-05-04T10:00:${String(second++).padStart(2, '0')}`;
      builds.push(date);
      return { ...sale, date };
    });
  return { attempts, send, builds, tick: () => second++ };
}

const sale = { items: [{ productId: 7, quantity: 2 }], paymentMode: 'Cash' };

describe('createAttempts', () => {
  it('repeats the frozen request, date and key included, after a lost answer', () => {
    const { attempts, send, builds, tick } = setup();
    const first = send(sale);
    expect(first).toEqual({ idempotencyKey: 'key-1', body: { ...sale, date: '2026-05-04T10:00:00' } });
    expect(attempts.settle(first, lostAnswer())).toBe('unanswered');
    tick();
    // The same sale, rebuilt by the screen as a new object with its keys in another order.
    const again = send({ paymentMode: 'Cash', items: [{ quantity: 2, productId: 7 }] });
    expect(again).toBe(first);
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
    expect(builds).toEqual(['2026-05-04T10:00:00']);
    expect(attempts.pending()).toBe(first);
  });

  it('keeps repeating until an answer arrives, then the next sale starts afresh', () => {
    const { attempts, send } = setup();
    const first = send(sale);
    attempts.settle(first, lostAnswer());
    attempts.settle(send(sale), timedOut());
    attempts.settle(send(sale), answered(503));
    const fourth = send(sale);
    expect(fourth).toBe(first);
    expect(attempts.settle(fourth)).toBe('done');
    expect(attempts.pending()).toBeNull();
    // The very same lines again are another sale: a new key and a new date.
    const next = send(sale);
    expect(next.idempotencyKey).toBe('key-2');
    expect(next.body.date).not.toBe(first.body.date);
  });

  it('starts afresh after a refusal: the server stored nothing', () => {
    const { attempts, send } = setup();
    const first = send(sale);
    expect(attempts.settle(first, answered(409, 'Stock insuficiente'))).toBe('refused');
    expect(attempts.pending()).toBeNull();
    const second = send(sale);
    expect(second.idempotencyKey).toBe('key-2');
    expect(second.body.date).not.toBe(first.body.date);
  });

  it('gives a changed sale its own body and key, even while the first is unanswered', () => {
    const { attempts, send } = setup();
    const first = send(sale);
    attempts.settle(first, lostAnswer());
    const changed = send({ ...sale, paymentMode: 'Credit' });
    expect(changed.idempotencyKey).toBe('key-2');
    expect(changed.body.paymentMode).toBe('Credit');
    // Going back to the first sale is a new sale too: the first one is forgotten.
    expect(send(sale).idempotencyKey).toBe('key-3');
  });

  it('ignores the answer of a request that is no longer the current one', () => {
    const { attempts, send } = setup();
    const first = send(sale);
    const second = send({ ...sale, items: [{ productId: 8, quantity: 1 }] });
    expect(attempts.settle(first)).toBe('done');
    expect(attempts.pending()).toBe(second);
  });

  it('sells once against a server that hashes the body under the key', () => {
    // The server's rule: the first answer is stored under (key, body hash); the same key with
    // another body is a 409.
    const stored = new Map<string, { body: string; receiptId: number }>();
    let sold = 0;
    const server = (request: AttemptRequest<Body>) => {
      const body = JSON.stringify(request.body);
      const previous = stored.get(request.idempotencyKey);
      if (previous) {
        if (previous.body !== body) throw answered(409, 'La clave Idempotency-Key ya se usó con otra solicitud.');
        return previous.receiptId;
      }
      stored.set(request.idempotencyKey, { body, receiptId: ++sold });
      return sold;
    };
    const { attempts, send, tick } = setup();
    // The sale is stored, but its answer is lost twice (the mutation's own retry included).
    for (let i = 0; i < 2; i++) {
      const request = send(sale);
      server(request);
      attempts.settle(request, lostAnswer());
      tick();
    }
    const request = send(sale);
    const receiptId = server(request);
    expect(attempts.settle(request)).toBe('done');
    expect(receiptId).toBe(1);
    expect(sold).toBe(1);
  });
});

describe('outcomeOf and the mutation retry', () => {
  it('tells a lost answer from a refusal and a server error', () => {
    expect(outcomeOf(lostAnswer())).toBe('unanswered');
    expect(outcomeOf(timedOut())).toBe('unanswered');
    expect(outcomeOf(answered(400))).toBe('refused');
    expect(outcomeOf(answered(409))).toBe('refused');
    // The first send of the key still at work on the server: keep the request, send it again.
    expect(outcomeOf(answered(409, 'Otra solicitud… está en curso.', 'IN_PROGRESS'))).toBe('unanswered');
    expect(outcomeOf(answered(500))).toBe('failed');
    expect(outcomeOf(new Error('boom'))).toBe('failed');
  });

  it('retries a dropped connection once, never a time-out or an answer', () => {
    expect(retryUnansweredOnce(0, lostAnswer())).toBe(true);
    expect(retryUnansweredOnce(1, lostAnswer())).toBe(false);
    expect(retryUnansweredOnce(0, timedOut())).toBe(false);
    expect(retryUnansweredOnce(0, answered(409))).toBe(false);
    expect(retryUnansweredOnce(0, answered(500))).toBe(false);
  });
});
