import { createHash } from 'node:crypto';
import { MAX_IDEMPOTENCY_KEY } from '@mostrador/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest, conflict } from '../../lib/errors.js';
import type { Executor } from '../../db/connection.js';

// Idempotency-Key support on receipt/create: the first successful answer to (user, key) is stored in the
// same transaction as the work it describes, so a retry or a simultaneous duplicate gets that
// answer instead of doing the work twice.

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredAnswer {
  operation: string;
  requestHash: string;
  statusCode: number;
  responseBody: string;
  createdAt: number;
}

/** Thrown inside the transaction when another request already holds the key. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('idempotency key taken');
  }
}

/** A stable hash of what was asked: the operation and the validated body, keys sorted. */
export function requestHash(operation: string, body: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(stableStringify(body)).digest('base64url');
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The stored answer of a live key, or undefined (an expired one is deleted). */
export async function findStoredAnswer(
  db: Executor,
  userId: number,
  key: string,
  now: number,
): Promise<StoredAnswer | undefined> {
  const row = await db
    .selectFrom('idempotencyKeys')
    .select(['operation', 'requestHash', 'statusCode', 'responseBody', 'createdAt'])
    .where('userId', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.createdAt <= now - IDEMPOTENCY_TTL_MS) {
    await db
      .deleteFrom('idempotencyKeys')
      .where('userId', '=', userId)
      .where('key', '=', key)
      .where('createdAt', '=', row.createdAt)
      .execute();
    return undefined;
  }
  return row;
}

/**
 * Claims the key as the first statement of the transaction. On PostgreSQL a simultaneous
 * duplicate waits here on the primary key until the first commits (then fails) or rolls back
 * (then proceeds); on SQLite transactions run one at a time. Either way the loser throws
 * IdempotencyKeyTaken before doing any work.
 */
export async function claimKey(
  trx: Executor,
  claim: { userId: number; key: string; operation: string; requestHash: string; now: number },
): Promise<void> {
  try {
    await trx
      .insertInto('idempotencyKeys')
      .values({
        userId: claim.userId,
        key: claim.key,
        operation: claim.operation,
        requestHash: claim.requestHash,
        statusCode: 0,
        responseBody: '',
        createdAt: claim.now,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new IdempotencyKeyTaken();
    throw error;
  }
}

/** Records the answer of a claimed key, in the same transaction as the work. */
export async function storeAnswer(
  trx: Executor,
  answer: { userId: number; key: string; statusCode: number; body: unknown },
): Promise<void> {
  await trx
    .updateTable('idempotencyKeys')
    .set({ statusCode: answer.statusCode, responseBody: JSON.stringify(answer.body) })
    .where('userId', '=', answer.userId)
    .where('key', '=', answer.key)
    .execute();
}

export async function pruneExpiredKeys(db: Executor, now: number): Promise<void> {
  await db
    .deleteFrom('idempotencyKeys')
    .where('createdAt', '<=', now - IDEMPOTENCY_TTL_MS)
    .execute();
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export interface IdempotentWork<T> {
  db: Executor;
  transact: <R>(work: (trx: Executor) => Promise<R>) => Promise<R>;
  now: number;
  userId: number;
  /** Without a key the work simply runs. */
  key: string | undefined;
  operation: string;
  body: unknown;
  work: (trx: Executor) => Promise<T>;
}

const keyReused = () =>
  conflict('La clave Idempotency-Key ya se usó con otra solicitud. Genera una clave nueva para cada operación.');

/**
 * Runs `work` at most once per (user, key): the key is claimed and the answer stored in the
 * work's own transaction; a retry, or a duplicate that lost the race, gets the stored answer.
 */
export async function runIdempotent<T>(run: IdempotentWork<T>): Promise<{ value: T; replayed: boolean }> {
  const { db, transact, now, userId, key, operation, body, work } = run;
  if (key === undefined) return { value: await transact(work), replayed: false };
  const hash = requestHash(operation, body);
  const replay = (stored: StoredAnswer) => {
    if (stored.requestHash !== hash || stored.operation !== operation) throw keyReused();
    return { value: JSON.parse(stored.responseBody) as T, replayed: true };
  };
  const stored = await findStoredAnswer(db, userId, key, now);
  if (stored) return replay(stored);
  try {
    const value = await transact(async (trx) => {
      await claimKey(trx, { userId, key, operation, requestHash: hash, now });
      const answer = await work(trx);
      await storeAnswer(trx, { userId, key, statusCode: 200, body: answer });
      return answer;
    });
    return { value, replayed: false };
  } catch (error) {
    if (!(error instanceof IdempotencyKeyTaken)) throw error;
    const winner = await findStoredAnswer(db, userId, key, now);
    if (!winner) throw conflict('Otra solicitud con la misma clave Idempotency-Key está en curso. Inténtalo de nuevo.');
    return replay(winner);
  }
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
