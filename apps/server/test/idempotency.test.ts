import { describe, expect, it } from 'vitest';
import { IdempotencyKeyTaken, keyClaim, runIdempotent, type StoredAnswer } from '../src/modules/idempotency/index.js';

// The Idempotency-Key protocol every keyed write runs, whatever claims the key (a Kysely
// transaction, PostgreSQL's batched sale): these are its answers, apart from any database.

const claim = keyClaim({ userId: 7, key: 'k', operation: 'receipt/create', body: { a: 1 }, statusCode: 201, now: 0 });
const stored = (answer: Partial<StoredAnswer> = {}): StoredAnswer => ({
  operation: claim.operation,
  requestHash: claim.requestHash,
  statusCode: 201,
  responseBody: '{"id":5}',
  createdAt: 0,
  ...answer,
});
const run = (attempt: () => Promise<{ value: unknown } | { stored: StoredAnswer }>, winner?: StoredAnswer) =>
  runIdempotent({ claim, attempt, winner: async () => winner, reusedMessage: 'otra solicitud' });

describe('runIdempotent', () => {
  it('answers the work’s value, or the stored answer of the same request as a replay', async () => {
    await expect(run(async () => ({ value: { id: 9 } }))).resolves.toEqual({ value: { id: 9 }, replayed: false });
    await expect(run(async () => ({ stored: stored() }))).resolves.toEqual({ value: { id: 5 }, replayed: true });
  });

  it('refuses the key used for another request, another operation or another outcome: 409 CONFLICT', async () => {
    for (const other of [{ requestHash: 'x' }, { operation: 'client/addPayment' }, { statusCode: 200 }]) {
      await expect(run(async () => ({ stored: stored(other) }))).rejects.toMatchObject({
        statusCode: 409,
        code: 'CONFLICT',
        message: 'otra solicitud',
      });
    }
  });

  it('says 409 IN_PROGRESS while the first request holds the key unanswered, so the client sends it again', async () => {
    const inProgress = { statusCode: 409, code: 'IN_PROGRESS' };
    await expect(run(async () => ({ stored: stored({ statusCode: 0, responseBody: '' }) }))).rejects.toMatchObject(
      inProgress,
    );
    await expect(
      run(async () => {
        throw new IdempotencyKeyTaken();
      }),
    ).rejects.toMatchObject(inProgress);
  });

  it('gives a duplicate that lost the race the winner’s answer', async () => {
    const lost = async () => {
      throw new IdempotencyKeyTaken();
    };
    await expect(run(lost, stored())).resolves.toEqual({ value: { id: 5 }, replayed: true });
  });
});
