import {
  type AuthorizationKind,
  canAuthorize,
  isPinShaped,
  type SetSupervisorPinBody,
  SUPERVISOR_NEEDED,
  SUPERVISOR_REFUSED_MESSAGE,
  type SupervisorCredentials,
  type UserRef,
} from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/password.js';
import { createAttemptThrottle } from '../auth/index.js';
import * as q from './supervisors.queries.js';

// A supervisor at the till: a Manager or an Admin authorises, with their password or their PIN,
// what the cashier may not do alone (a sale over the client's credit limit, a price below the
// product's, a cancellation, a return over the cashier's limit). The request stays the
// cashier's; who authorised it is stored beside it (receipt_authorizations).

/** Who authorised: the Manager or Admin, as the receipt shows them. */
export type Supervisor = UserRef;

/** Why an authorisation is asked: whose request it is (their wrong tries are counted too) and for what. */
export interface AuthorisationWhy {
  /** The cashier asking. */
  cashierId: number;
  /** What it would let through, when known before the request's rules run (a cancellation, a return). */
  kind?: AuthorizationKind;
}

/**
 * 403 SUPERVISOR_REQUIRED: the request needs a supervisor's authorisation and carries none.
 * `what` says what needs it, as a sentence without its full stop ('La venta excede el límite de
 * crédito del cliente').
 */
export const supervisorRequired = (what: string) =>
  new AppError(403, 'SUPERVISOR_REQUIRED', `${what}: ${SUPERVISOR_NEEDED}`);

/** 403 SUPERVISOR_REFUSED: wrong credentials, or not an enabled Manager's or Admin's. */
export const supervisorRefused = () => new AppError(403, 'SUPERVISOR_REFUSED', SUPERVISOR_REFUSED_MESSAGE);

// The wrong tries are counted per supervisor login (a PIN has few digits: its guesses are what
// the limit bounds) and per cashier (one cashier trying many supervisors).
const loginKey = (login: string) => `supervisor:${login.trim().toLowerCase()}`;
const cashierKey = (cashierId: number) => `supervisor-cashier:${cashierId}`;
const pinOwnerKey = (userId: number) => `supervisor-pin:${userId}`;

export interface SupervisorsDeps {
  db: Executor;
  transact: TransactionRunner;
  clock: Clock;
}

export function createSupervisorsService({ db, transact, clock }: SupervisorsDeps) {
  const throttle = createAttemptThrottle({ transact, clock });

  return {
    /**
     * The supervisor these credentials name, checked: an enabled Manager or Admin whose
     * password, or PIN (a secret of 4 to 6 digits), they carry. Counted before the check like a
     * sign-in (429 past the limit, whatever the credentials); 403 SUPERVISOR_REFUSED otherwise.
     * Runs outside the request's transaction, so a refused request still counts its try.
     */
    async authorise(credentials: SupervisorCredentials, why: AuthorisationWhy): Promise<Supervisor> {
      const login = credentials.login.trim();
      await throttle.count([loginKey(login), cashierKey(why.cashierId)]);
      const pin = isPinShaped(credentials.secret);
      const candidates = await q.findUsersByLogin(db, login);
      let found: (typeof candidates)[number] | undefined;
      for (const user of candidates) {
        const hash = pin ? user.pinHash : user.passwordHash;
        if (hash && (await verifyPassword(credentials.secret, hash))) {
          found = user;
          break;
        }
      }
      // Nobody to check against: as slow as a wrong secret, so the answer says nothing of who exists.
      if (candidates.length === 0) await verifyPassword(credentials.secret, await decoyHash());
      // A Seller's right password, or a disabled Manager's, authorises nothing (and counts as a try).
      if (!found || found.isEnabled !== 1 || !canAuthorize(found.role)) throw supervisorRefused();
      await transact((trx) =>
        throttle.forgive(trx, { clear: [loginKey(login)], uncount: [cashierKey(why.cashierId)] }),
      );
      return { id: found.id, name: found.name };
    },

    /** Whether the user has a PIN set. */
    async hasPin(userId: number): Promise<boolean> {
      const user = await q.findUserSecrets(db, userId);
      if (!user) throw notFound(`El usuario #${userId} no existe.`);
      return user.pinHash !== null;
    },

    /** A Manager or Admin sets their own PIN, confirming it with their password (throttled). */
    async setPin(userId: number, body: SetSupervisorPinBody): Promise<void> {
      const user = await q.findUserSecrets(db, userId);
      if (!user) throw notFound(`El usuario #${userId} no existe.`);
      await throttle.count([pinOwnerKey(userId)]);
      if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
        throw badRequest('La contraseña actual no es correcta.');
      }
      const pinHash = await hashPassword(body.pin);
      await transact(async (trx) => {
        await q.setPinHash(trx, userId, pinHash, clock());
        await throttle.forgive(trx, { clear: [pinOwnerKey(userId)] });
      });
    },

    /** An Admin clears a user's PIN: that user authorises with their password until they set another. */
    async clearPin(userId: number): Promise<void> {
      const cleared = await transact((trx) => q.setPinHash(trx, userId, null, clock()));
      if (!cleared) throw notFound(`El usuario #${userId} no existe.`);
    },
  };
}

export type SupervisorsService = ReturnType<typeof createSupervisorsService>;
