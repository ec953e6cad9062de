// The idempotency module's public entry: the protocol every write with an Idempotency-Key runs.
export {
  type Attempt,
  attemptInTransaction,
  findStoredAnswer,
  IDEMPOTENCY_TTL_MS,
  IdempotencyKeyTaken,
  idempotencyKeyOf,
  type KeyClaim,
  keyClaim,
  pruneExpiredKeys,
  requestHash,
  runIdempotent,
  runIdempotentTransaction,
  type StoredAnswer,
} from './idempotency.js';
