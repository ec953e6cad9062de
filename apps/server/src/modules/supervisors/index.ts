// The supervisors module's public entry: checking a supervisor's credentials (its service's
// authorise), the two refusals, and storing an authorisation inside the transaction of the
// request it let through (a sale, a cancellation, a return).
import type { AuthorizationKind } from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import * as q from './supervisors.queries.js';

export {
  type AuthorisationWhy,
  createSupervisorsService,
  type Supervisor,
  supervisorRefused,
  supervisorRequired,
  type SupervisorsService,
} from './supervisors.service.js';

/** One authorisation to store: which receipt, what it let through, who authorised, whose request. */
export interface AuthorizationRecord {
  receiptId: number;
  kind: AuthorizationKind;
  authorizedBy: number;
  /** The cashier. */
  userId: number;
  createdAt: number;
}

/** Stores authorisations in `trx`, the transaction of the request they let through, in order. */
export function recordAuthorizations(trx: Executor, records: readonly AuthorizationRecord[]): Promise<void> {
  return q.insertAuthorizations(trx, records);
}
