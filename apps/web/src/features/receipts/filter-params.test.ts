import { defaultReceiptFilter } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import { readReceiptFilterParams, receiptFilterParams, type ReceiptFilterState } from './filter-params';

const TODAY = '2026-11-21';
const read = (query: string) => readReceiptFilterParams(new URLSearchParams(query), TODAY);
const write = (state: ReceiptFilterState) => receiptFilterParams(state, TODAY).toString();

describe('receipt filter in the address bar', () => {
  it('writes nothing for the default, so a plain address is today’s list', () => {
    expect(write({ filter: defaultReceiptFilter(TODAY), dateMode: 'day' })).toBe('');
    expect(read('')).toEqual({ filter: defaultReceiptFilter(TODAY), dateMode: 'day' });
  });

  it('round-trips every filter', () => {
    const state: ReceiptFilterState = {
      filter: {
        search: 'josé pé',
        paymentMode: 'Credit',
        state: 'Pending',
        fromDate: '2026-11-01',
        toDate: '2026-11-15',
        includePending: false,
      },
      dateMode: 'range',
    };
    const query = write(state);
    expect(query).toBe(
      'search=jos%C3%A9+p%C3%A9&paymentMode=Credit&state=Pending&from=2026-11-01&to=2026-11-15&range=1&pending=0',
    );
    expect(read(query)).toEqual(state);
  });

  it('keeps a single past day in day mode, and a one-day range in range mode', () => {
    const day = { filter: { ...defaultReceiptFilter(TODAY), fromDate: '2026-10-31', toDate: '2026-10-31' } };
    expect(read(write({ ...day, dateMode: 'day' }))).toEqual({ ...day, dateMode: 'day' });
    expect(read(write({ ...day, dateMode: 'range' }))).toEqual({ ...day, dateMode: 'range' });
    expect(read('range=1').dateMode).toBe('range');
  });

  it('falls back to the default for what it cannot read', () => {
    expect(read('paymentMode=Tarjeta&state=Abierta&from=2026-02-30&to=2026-03-01&pending=no')).toEqual({
      filter: defaultReceiptFilter(TODAY),
      dateMode: 'day',
    });
    // Dates in the wrong order, or only one side, are not a range.
    expect(read('from=2026-11-10&to=2026-11-01').filter).toMatchObject({ fromDate: TODAY, toDate: TODAY });
    expect(read('from=2026-11-10').filter).toMatchObject({ fromDate: TODAY, toDate: TODAY });
  });
});
