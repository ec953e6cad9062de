// The receipt list's filter in the address bar, so a reload or a shared link keeps it. Only what
// differs from the default is written (a plain /receipts is today's list); anything unreadable
// falls back to the default.
import {
  type activeReceiptFilters,
  defaultReceiptFilter,
  isYmd,
  PAYMENT_MODES,
  RECEIPT_STATES,
  type PaymentMode,
  type ReceiptFilter,
  type ReceiptState,
} from '@mostrador/shared';

export type DateMode = 'day' | 'range';

/** One of the filters that differ from the default (a badge of the active filters). */
export type ActiveReceiptFilter = ReturnType<typeof activeReceiptFilters>[number];

export interface ReceiptFilterState {
  filter: ReceiptFilter;
  dateMode: DateMode;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

export function readReceiptFilterParams(params: URLSearchParams, today: string): ReceiptFilterState {
  const filter = defaultReceiptFilter(today);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const datesRead = isYmd(from) && isYmd(to) && from <= to;
  return {
    filter: {
      ...filter,
      search: params.get('search') ?? '',
      paymentMode: oneOf<PaymentMode>(PAYMENT_MODES, params.get('paymentMode')),
      state: oneOf<ReceiptState>(RECEIPT_STATES, params.get('state')),
      ...(datesRead ? { fromDate: from, toDate: to } : {}),
      includePending: params.get('pending') !== '0',
    },
    dateMode: params.get('range') === '1' || (datesRead && from !== to) ? 'range' : 'day',
  };
}

export function receiptFilterParams({ filter, dateMode }: ReceiptFilterState, today: string): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.search.trim()) params.set('search', filter.search);
  if (filter.paymentMode) params.set('paymentMode', filter.paymentMode);
  if (filter.state) params.set('state', filter.state);
  if (filter.fromDate && filter.toDate && (filter.fromDate !== today || filter.toDate !== today)) {
    params.set('from', filter.fromDate);
    params.set('to', filter.toDate);
  }
  if (dateMode === 'range') params.set('range', '1');
  if (!filter.includePending) params.set('pending', '0');
  return params;
}
