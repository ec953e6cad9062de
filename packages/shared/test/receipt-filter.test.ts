import { describe, expect, it } from 'vitest';
import {
  activeReceiptFilters,
  clientNamesOf,
  countReceiptsByState,
  defaultReceiptFilter,
  filterReceipts,
  type FilterableReceipt,
  matchesReceiptFilter,
  NO_CLIENT_NAME,
  receiptClientName,
  type ReceiptFilter,
  receiptListParams,
} from '../src/receipt-filter.js';

const DAY = '2026-11-21';

function receipt(overrides: Partial<FilterableReceipt> & { id?: number } = {}): FilterableReceipt & { id: number } {
  return {
    id: 1,
    state: 'Paid',
    paymentMode: 'Cash',
    // 12:30 Monterrey (UTC−6)
    date: '2026-11-21T18:30:00.000Z',
    createdAt: '2026-11-21T18:30:05.000Z',
    clientId: 7,
    client: { firstName: 'José', lastName: 'Peña Núñez', name: 'José Peña Núñez' },
    ...overrides,
  };
}

const filter = (overrides: Partial<ReceiptFilter> = {}): ReceiptFilter => ({
  ...defaultReceiptFilter(DAY),
  ...overrides,
});

describe('defaultReceiptFilter', () => {
  it('is today as a single day, with pending receipts included and nothing else set', () => {
    expect(defaultReceiptFilter(DAY)).toEqual({
      search: '',
      paymentMode: null,
      state: null,
      fromDate: DAY,
      toDate: DAY,
      includePending: true,
    });
  });
});

describe('client-name search', () => {
  it('ignores accents and case, and needs every word', () => {
    const r = receipt();
    expect(matchesReceiptFilter(r, filter({ search: 'jose' }))).toBe(true);
    expect(matchesReceiptFilter(r, filter({ search: 'PENA nunez' }))).toBe(true);
    expect(matchesReceiptFilter(r, filter({ search: '  Núñez  ' }))).toBe(true);
    expect(matchesReceiptFilter(r, filter({ search: 'josé pérez' }))).toBe(false);
    expect(matchesReceiptFilter(r, filter({ search: 'maria' }))).toBe(false);
  });

  it('falls back to the clients list, then to "Sin nombre"', () => {
    const names = clientNamesOf([
      { id: 9, firstName: 'Ángela', lastName: null },
      { id: 10, firstName: 'Luis', lastName: 'Ortiz' },
    ]);
    const fromList = receipt({ clientId: 9, client: null });
    const nobody = receipt({ clientId: null, client: null });
    const unknownId = receipt({ clientId: 99, client: null });

    expect(receiptClientName(fromList, names)).toBe('Ángela');
    expect(receiptClientName(nobody, names)).toBe(NO_CLIENT_NAME);
    expect(receiptClientName(unknownId, names)).toBe('Sin nombre');
    expect(receiptClientName(fromList)).toBe('Sin nombre');

    expect(matchesReceiptFilter(fromList, filter({ search: 'angela' }), names)).toBe(true);
    expect(matchesReceiptFilter(nobody, filter({ search: 'sin nombre' }), names)).toBe(true);
    expect(matchesReceiptFilter(nobody, filter({ search: 'angela' }), names)).toBe(false);
  });

  it("prefers the receipt's own client, built from first and last name when name is absent", () => {
    const names = clientNamesOf([{ id: 7, firstName: 'Otro', lastName: 'Nombre' }]);
    expect(receiptClientName(receipt(), names)).toBe('José Peña Núñez');
    expect(receiptClientName(receipt({ client: { firstName: ' Rosa ', lastName: 'Luna' } }), names)).toBe('Rosa Luna');
    expect(receiptClientName(receipt({ client: { firstName: '', lastName: null, name: '' } }), names)).toBe(
      'Otro Nombre',
    );
  });
});

describe('payment mode and state', () => {
  const cash = receipt({ id: 1, paymentMode: 'Cash', state: 'Paid' });
  const credit = receipt({ id: 2, paymentMode: 'Credit', state: 'Pending' });
  const cancelled = receipt({ id: 3, paymentMode: 'Credit', state: 'Cancelled' });
  const all = [cash, credit, cancelled];

  it('keeps only the selected mode and state', () => {
    expect(filterReceipts(all, filter({ paymentMode: 'Cash' })).map((r) => r.id)).toEqual([1]);
    expect(filterReceipts(all, filter({ paymentMode: 'Credit' })).map((r) => r.id)).toEqual([2, 3]);
    expect(filterReceipts(all, filter({ state: 'Cancelled' })).map((r) => r.id)).toEqual([3]);
    expect(filterReceipts(all, filter({ paymentMode: 'Credit', state: 'Pending' })).map((r) => r.id)).toEqual([2]);
    expect(filterReceipts(all, filter({ paymentMode: 'Cash', state: 'Pending' }))).toEqual([]);
    expect(filterReceipts(all, filter()).map((r) => r.id)).toEqual([1, 2, 3]);
  });
});

describe('dates (Monterrey days)', () => {
  // 2026-11-21 in Monterrey is 06:00Z on the 21st to 05:59:59.999Z on the 22nd.
  const first = receipt({ id: 1, date: '2026-11-21T06:00:00.000Z' });
  const last = receipt({ id: 2, date: '2026-11-22T05:59:59.999Z' });
  const dayBefore = receipt({ id: 3, date: '2026-11-21T05:59:59.999Z' });
  const dayAfter = receipt({ id: 4, date: '2026-11-22T06:00:00.000Z' });

  it('a single day runs from its first to its last millisecond, local time', () => {
    const ids = filterReceipts([first, last, dayBefore, dayAfter], filter()).map((r) => r.id);
    expect(ids).toEqual([1, 2]);
  });

  it('a range runs from the start of the first day to the end of the last', () => {
    const range = filter({ fromDate: '2026-11-20', toDate: '2026-11-21' });
    expect(filterReceipts([first, last, dayBefore, dayAfter], range).map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('an open side admits everything on that side', () => {
    expect(filterReceipts([dayBefore, dayAfter], filter({ fromDate: null })).map((r) => r.id)).toEqual([3]);
    expect(filterReceipts([dayBefore, dayAfter], filter({ toDate: null })).map((r) => r.id)).toEqual([4]);
  });

  it('uses createdAt when the sale date is missing', () => {
    expect(matchesReceiptFilter(receipt({ date: null, createdAt: '2026-11-21T12:00:00.000Z' }), filter())).toBe(true);
    expect(matchesReceiptFilter(receipt({ date: null, createdAt: '2026-11-10T12:00:00.000Z' }), filter())).toBe(false);
    expect(matchesReceiptFilter(receipt({ date: null, createdAt: null }), filter())).toBe(false);
  });

  it('lets pending receipts of any date through while include-pending is on, and only then', () => {
    const oldPending = receipt({ state: 'Pending', paymentMode: 'Credit', date: '2025-01-02T18:00:00.000Z' });
    const oldPaid = receipt({ state: 'Paid', date: '2025-01-02T18:00:00.000Z' });
    expect(matchesReceiptFilter(oldPending, filter())).toBe(true);
    expect(matchesReceiptFilter(oldPaid, filter())).toBe(false);
    expect(matchesReceiptFilter(oldPending, filter({ includePending: false }))).toBe(false);
    // the other parts of the rule still apply to it
    expect(matchesReceiptFilter(oldPending, filter({ paymentMode: 'Cash' }))).toBe(false);
    expect(matchesReceiptFilter(oldPending, filter({ search: 'nadie' }))).toBe(false);
    expect(matchesReceiptFilter(oldPending, filter({ state: 'Paid' }))).toBe(false);
  });
});

describe('countReceiptsByState', () => {
  it('counts the tiles over exactly the list given', () => {
    const list = [
      receipt({ state: 'Paid' }),
      receipt({ state: 'Paid' }),
      receipt({ state: 'Pending' }),
      receipt({ state: 'Cancelled' }),
      receipt({ state: 'Paid' }),
    ];
    expect(countReceiptsByState(list)).toEqual({ Paid: 3, Pending: 1, Cancelled: 1 });
    expect(countReceiptsByState([])).toEqual({ Paid: 0, Pending: 0, Cancelled: 0 });
  });

  it('stays exact over thousands of receipts', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      receipt({ id: i, state: i % 5 === 0 ? 'Cancelled' : i % 2 ? 'Pending' : 'Paid' }),
    );
    const filtered = filterReceipts(many, filter({ state: null }));
    expect(filtered).toHaveLength(5000);
    expect(countReceiptsByState(filtered)).toEqual({ Paid: 2000, Pending: 2000, Cancelled: 1000 });
  });
});

describe('receiptListParams and activeReceiptFilters', () => {
  it('asks the server for the same days and pending rule', () => {
    expect(receiptListParams(filter())).toEqual({ fromDate: DAY, toDate: DAY, includePending: true });
    expect(receiptListParams(filter({ fromDate: null, includePending: false }))).toEqual({
      toDate: DAY,
      includePending: false,
    });
  });

  it('names what differs from the default', () => {
    expect(activeReceiptFilters(filter(), DAY)).toEqual([]);
    expect(
      activeReceiptFilters(
        filter({
          search: ' ana ',
          paymentMode: 'Credit',
          state: 'Pending',
          toDate: '2026-11-22',
          includePending: false,
        }),
        DAY,
      ),
    ).toEqual(['search', 'paymentMode', 'state', 'dates', 'includePending']);
    expect(activeReceiptFilters(filter({ search: '   ' }), DAY)).toEqual([]);
  });
});
