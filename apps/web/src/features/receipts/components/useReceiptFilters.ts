import { businessToday, defaultReceiptFilter, type ReceiptFilter } from '@mostrador/shared';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type ActiveReceiptFilter,
  type DateMode,
  readReceiptFilterParams,
  receiptFilterParams,
} from '../filter-params';

/**
 * The receipt list's filter, its date mode and the page shown. The filter is read from the
 * address when the page opens and written back (replacing the entry, so Back leaves the page)
 * whenever it changes. It lives in React state, not only in the address: router updates are
 * transitions, and a search box fed by one would lose its caret while typing.
 */
export function useReceiptFilters() {
  const today = businessToday();
  const [searchParams, setSearchParams] = useSearchParams();
  const [{ filter, dateMode }, setState] = useState(() => readReceiptFilterParams(searchParams, today));
  const [page, setPage] = useState(1);

  const query = receiptFilterParams({ filter, dateMode }, today).toString();
  useEffect(() => {
    if (searchParams.toString() !== query) setSearchParams(new URLSearchParams(query), { replace: true });
  }, [query, searchParams, setSearchParams]);

  // Stable handlers: the filter panel (date pickers included) skips the re-renders caused by
  // pages of receipts arriving.
  const change = useCallback((patch: Partial<ReceiptFilter>) => {
    setState((current) => ({ ...current, filter: { ...current.filter, ...patch } }));
    setPage(1);
  }, []);
  const changeDateMode = useCallback((mode: DateMode) => {
    setState((current) => ({
      dateMode: mode,
      filter: mode === 'day' ? { ...current.filter, toDate: current.filter.fromDate } : current.filter,
    }));
    if (mode === 'day') setPage(1);
  }, []);
  const resetDates = useCallback(() => {
    setState((current) => ({ dateMode: 'day', filter: { ...current.filter, fromDate: today, toDate: today } }));
    setPage(1);
  }, [today]);
  const clearAll = () => {
    setState({ dateMode: 'day', filter: defaultReceiptFilter(today) });
    setPage(1);
  };
  const clearOne = (key: ActiveReceiptFilter) => {
    switch (key) {
      case 'dates':
        return resetDates();
      case 'search':
        return change({ search: '' });
      case 'paymentMode':
        return change({ paymentMode: null });
      case 'state':
        return change({ state: null });
      case 'includePending':
        return change({ includePending: true });
    }
  };

  return { today, filter, dateMode, page, setPage, change, changeDateMode, resetDates, clearAll, clearOne };
}
