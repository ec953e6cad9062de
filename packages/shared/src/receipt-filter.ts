// The receipt list's filter, one rule for the web app and its tests: a receipt matches when its
// client name contains the search text, its payment mode and state match, and its date lies in the
// range (Pending receipts always pass the dates while 'include pending' is on).
// The server already narrows a list call by Monterrey days and includePending; the web app
// applies this rule to what arrives (client name, payment mode, state) and, on dates, agrees
// with the server: the receipt's sale instant inside [start of fromDate, end of toDate].
import { businessDayBounds, businessToday } from './dates.js';
import type { PaymentMode, ReceiptState } from './enums.js';
import { RECEIPT_STATES } from './enums.js';
import { normalizeForSearch } from './text.js';

/** Shown (and searched) when a receipt has no client name, neither its own nor in the clients list. */
export const NO_CLIENT_NAME = 'Sin nombre';

export interface ReceiptFilter {
  /** Client-name search, accent- and case-insensitive; blank means any. */
  search: string;
  paymentMode: PaymentMode | null;
  state: ReceiptState | null;
  /** Monterrey calendar days (YYYY-MM-DD), both inclusive; null leaves that side open. */
  fromDate: string | null;
  toDate: string | null;
  /** Pending receipts pass the date filter whatever their date (default on). */
  includePending: boolean;
}

/** The filter a user starts with: today, a single day, pending receipts included. */
export function defaultReceiptFilter(today: string = businessToday()): ReceiptFilter {
  return { search: '', paymentMode: null, state: null, fromDate: today, toDate: today, includePending: true };
}

/** The part of a receipt the filter reads (the API's Receipt has all of it). */
export interface FilterableReceipt {
  state: ReceiptState;
  paymentMode: PaymentMode;
  /** The sale's instant (ISO); `createdAt` stands in when it is missing. */
  date?: string | null;
  createdAt?: string | null;
  clientId: number | null;
  client: { firstName: string; lastName: string | null; name?: string } | null;
}

/** Client names by id, from the clients list: the name a receipt without its own client falls back to. */
export type ClientNames = ReadonlyMap<number, string>;

export function clientNamesOf(
  clients: ReadonlyArray<{ id: number; firstName: string; lastName: string | null }>,
): Map<number, string> {
  return new Map(clients.map((c) => [c.id, joinName(c.firstName, c.lastName)]));
}

function joinName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return [firstName, lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** The receipt's client name → the clients list (by clientId) → 'Sin nombre'. */
export function receiptClientName(receipt: FilterableReceipt, clientNames?: ClientNames): string {
  const own = receipt.client
    ? receipt.client.name?.trim() || joinName(receipt.client.firstName, receipt.client.lastName)
    : '';
  if (own) return own;
  const listed = receipt.clientId === null ? undefined : clientNames?.get(receipt.clientId)?.trim();
  return listed || NO_CLIENT_NAME;
}

/** Epoch bounds of the filter's days (open sides are ±Infinity). */
export function receiptFilterBounds(filter: Pick<ReceiptFilter, 'fromDate' | 'toDate'>): {
  start: number;
  end: number;
} {
  return {
    start: filter.fromDate ? businessDayBounds(filter.fromDate).start : -Infinity,
    end: filter.toDate ? businessDayBounds(filter.toDate).end : Infinity,
  };
}

function instantOf(receipt: FilterableReceipt): number {
  return Date.parse(receipt.date || receipt.createdAt || '');
}

/** Date part of the rule: inside the days, or Pending while include-pending is on. */
export function receiptPassesDates(
  receipt: FilterableReceipt,
  filter: Pick<ReceiptFilter, 'fromDate' | 'toDate' | 'includePending'>,
  bounds = receiptFilterBounds(filter),
): boolean {
  if (filter.includePending && receipt.state === 'Pending') return true;
  const instant = instantOf(receipt);
  if (Number.isNaN(instant)) return false;
  return instant >= bounds.start && instant <= bounds.end;
}

/**
 * Builds the predicate once (bounds and the normalised search computed a single time), so a
 * list of thousands of receipts filters in one pass.
 */
export function receiptMatcher(
  filter: ReceiptFilter,
  clientNames?: ClientNames,
): (receipt: FilterableReceipt) => boolean {
  const bounds = receiptFilterBounds(filter);
  const words = normalizeForSearch(filter.search).split(/\s+/).filter(Boolean);
  return (receipt) => {
    if (filter.paymentMode && receipt.paymentMode !== filter.paymentMode) return false;
    if (filter.state && receipt.state !== filter.state) return false;
    if (!receiptPassesDates(receipt, filter, bounds)) return false;
    if (words.length === 0) return true;
    const name = normalizeForSearch(receiptClientName(receipt, clientNames));
    return words.every((word) => name.includes(word));
  };
}

export function matchesReceiptFilter(
  receipt: FilterableReceipt,
  filter: ReceiptFilter,
  clientNames?: ClientNames,
): boolean {
  return receiptMatcher(filter, clientNames)(receipt);
}

export function filterReceipts<R extends FilterableReceipt>(
  receipts: readonly R[],
  filter: ReceiptFilter,
  clientNames?: ClientNames,
): R[] {
  return receipts.filter(receiptMatcher(filter, clientNames));
}

/** The count tiles (Pagadas, Pendientes, Canceladas) over a list. */
export function countReceiptsByState(receipts: ReadonlyArray<{ state: ReceiptState }>): Record<ReceiptState, number> {
  const counts = Object.fromEntries(RECEIPT_STATES.map((s) => [s, 0])) as Record<ReceiptState, number>;
  for (const receipt of receipts) counts[receipt.state] += 1;
  return counts;
}

/** The list call's query for a filter: the server narrows by the same days and pending rule. */
export function receiptListParams(filter: Pick<ReceiptFilter, 'fromDate' | 'toDate' | 'includePending'>): {
  fromDate?: string;
  toDate?: string;
  includePending: boolean;
} {
  return {
    ...(filter.fromDate ? { fromDate: filter.fromDate } : {}),
    ...(filter.toDate ? { toDate: filter.toDate } : {}),
    includePending: filter.includePending,
  };
}

/** How many filters differ from the default (the badge count of the filter panel). */
export function activeReceiptFilters(
  filter: ReceiptFilter,
  today: string = businessToday(),
): Array<'search' | 'paymentMode' | 'state' | 'dates' | 'includePending'> {
  const active: Array<'search' | 'paymentMode' | 'state' | 'dates' | 'includePending'> = [];
  if (filter.search.trim()) active.push('search');
  if (filter.paymentMode) active.push('paymentMode');
  if (filter.state) active.push('state');
  if (filter.fromDate !== today || filter.toDate !== today) active.push('dates');
  if (!filter.includePending) active.push('includePending');
  return active;
}
