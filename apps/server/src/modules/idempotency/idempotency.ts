import { createHash } from 'node:crypto';
import { MAX_IDEMPOTENCY_KEY, stableJson } from '@mostrador/shared';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/connection.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import * as q from './idempotency.queries.js';
import type { StoredAnswer } from './idempotency.queries.js';

export type { StoredAnswer } from './idempotency.queries.js';

// Idempotency-Key support on the writes a client may send twice (a sale, an abono): the first
// successful answer to (user, key) is stored in the same transaction as the work it describes, so
// a retry or a simultaneous duplicate gets that answer instead of doing the work twice. A refused
// request stores nothing: its retry is tried again.

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** A key asked for: whose, what for, a hash of what was asked, and the status its answer has. */
export interface KeyClaim {
  userId: number;
  key: string;
  operation: string;
  requestHash: string;
  statusCode: number;
  now: number;
}

/** One try at the work under a key: its value, or the answer already stored under the key. */
export type Attempt<T> = { value: T } | { stored: StoredAnswer };

/** Thrown inside the work's transaction when another request already holds the key. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('idempotency key taken');
  }
}

export function keyClaim(claim: Omit<KeyClaim, 'requestHash'> & { body: unknown }): KeyClaim {
  const { body, ...rest } = claim;
  return { ...rest, requestHash: requestHash(claim.operation, body) };
}

/** A stable hash of what was asked: the operation and the validated body, keys sorted. */
export function requestHash(operation: string, body: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(stableJson(body)).digest('base64url');
}

export interface IdempotentRun<T> {
  /** Without a claim the work simply runs (its attempt returns a value). */
  claim: KeyClaim | undefined;
  /** Does the work, claiming the key in its transaction; or finds the answer already stored. */
  attempt: () => Promise<Attempt<T>>;
  /** The stored answer of a key another request claimed first (read after IdempotencyKeyTaken). */
  winner: (claim: KeyClaim) => Promise<StoredAnswer | undefined>;
  /** The 409 when the key was used with another request; says what a new key is for. */
  reusedMessage?: string;
}

/** A 409 of its own code: the client keeps its request and sends it again (apps/web/src/lib/use-attempt.ts). */
const inProgress = () =>
  new AppError(
    409,
    'IN_PROGRESS',
    'Otra solicitud con la misma clave Idempotency-Key está en curso. Inténtalo de nuevo.',
  );

const REUSED_MESSAGE =
  'La clave Idempotency-Key ya se usó con otra solicitud. Genera una clave nueva para cada operación.';

/**
 * Runs the work at most once per (user, key), however it claims the key (a Kysely transaction,
 * or PostgreSQL's batched sale): a stored answer comes back as a replay when it answered the same
 * request, a 409 when the key was used for another; a duplicate that lost the race gets the
 * winner's answer.
 */
export async function runIdempotent<T>(run: IdempotentRun<T>): Promise<{ value: T; replayed: boolean }> {
  const { claim } = run;
  const replay = (stored: StoredAnswer) => {
    // Claimed but not answered yet: the first request is still at work.
    if (stored.statusCode === 0) throw inProgress();
    const same =
      claim !== undefined &&
      stored.requestHash === claim.requestHash &&
      stored.operation === claim.operation &&
      stored.statusCode === claim.statusCode;
    if (!same) throw conflict(run.reusedMessage ?? REUSED_MESSAGE);
    return { value: JSON.parse(stored.responseBody) as T, replayed: true };
  };
  try {
    const attempt = await run.attempt();
    return 'stored' in attempt ? replay(attempt.stored) : { value: attempt.value, replayed: false };
  } catch (error) {
    if (!(error instanceof IdempotencyKeyTaken) || claim === undefined) throw error;
    const winner = await run.winner(claim);
    if (!winner) throw inProgress();
    return replay(winner);
  }
}

/** The stored answer of a live key, or undefined (an expired one is deleted). */
export async function findStoredAnswer(
  db: Executor,
  claim: Pick<KeyClaim, 'userId' | 'key' | 'now'>,
): Promise<StoredAnswer | undefined> {
  const row = await q.findKeyRow(db, claim.userId, claim.key);
  if (!row) return undefined;
  if (row.createdAt <= claim.now - IDEMPOTENCY_TTL_MS) {
    await q.deleteKeyRow(db, claim.userId, claim.key, row.createdAt);
    return undefined;
  }
  return row;
}

/**
 * An attempt as a Kysely transaction: the stored answer when there is one; otherwise the key is
 * claimed as the transaction's first write, the work runs and its answer is stored with it. On
 * PostgreSQL a simultaneous duplicate waits on the key's primary key until the first commits
 * (then fails) or rolls back (then proceeds); on SQLite transactions run one at a time. Either
 * way the loser throws IdempotencyKeyTaken before doing any work.
 */
export async function attemptInTransaction<T>(run: {
  db: Executor;
  transact: <R>(work: (trx: Executor) => Promise<R>) => Promise<R>;
  claim: KeyClaim | undefined;
  work: (trx: Executor) => Promise<T>;
}): Promise<Attempt<T>> {
  const { db, transact, claim, work } = run;
  if (claim === undefined) return { value: await transact(work) };
  const stored = await findStoredAnswer(db, claim);
  if (stored) return { stored };
  const value = await transact(async (trx) => {
    try {
      await q.insertKeyRow(trx, {
        userId: claim.userId,
        key: claim.key,
        operation: claim.operation,
        requestHash: claim.requestHash,
        createdAt: claim.now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new IdempotencyKeyTaken();
      throw error;
    }
    const answer = await work(trx);
    await q.setKeyAnswer(trx, {
      userId: claim.userId,
      key: claim.key,
      statusCode: claim.statusCode,
      responseBody: JSON.stringify(answer),
    });
    return answer;
  });
  return { value };
}

/** The whole protocol for work done in one Kysely transaction. */
export function runIdempotentTransaction<T>(run: {
  db: Executor;
  transact: <R>(work: (trx: Executor) => Promise<R>) => Promise<R>;
  claim: KeyClaim | undefined;
  work: (trx: Executor) => Promise<T>;
}): Promise<{ value: T; replayed: boolean }> {
  return runIdempotent({
    claim: run.claim,
    attempt: () => attemptInTransaction(run),
    winner: (claim) => findStoredAnswer(run.db, claim),
  });
}

export function pruneExpiredKeys(db: Executor, now: number): Promise<void> {
  return q.deleteKeysCreatedBefore(db, now - IDEMPOTENCY_TTL_MS);
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The optional Idempotency-Key header of a write that accepts one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_IDEMPOTENCY_KEY) {
    throw badRequest(`Idempotency-Key: debe ser un texto de 1 a ${MAX_IDEMPOTENCY_KEY} caracteres.`);
  }
  return value;
}
