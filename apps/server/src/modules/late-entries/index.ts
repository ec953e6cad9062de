// The late-entries module's public entry: what was recorded into a day after its cut. Writers
// (sales, cancellations, payments) flag it inside their transactions; the day's next cut lists it.
export {
  fenceAgainstCut,
  findUnreported,
  type LateEntryInput,
  lateEntryRow,
  markReported,
  noteIfDayWasCut,
  waitForWritesInFlight,
} from './late-entries.js';
export { flagCancellation, flagPayment, flagReturn, flagSale, saleLateEntries } from './late-flags.js';
