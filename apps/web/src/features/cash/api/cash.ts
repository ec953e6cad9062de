import type {
  CashMovementBody,
  CloseShiftInput,
  CurrentShiftResponse,
  ListShiftsQuery,
  ListShiftsResponse,
  OpenShiftBody,
  Shift,
} from '@mostrador/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { cashKeys } from './keys';

/** GET /cash/current: the signed-in user's open shift, or null. */
export const currentShiftQuery = queryOptions({
  queryKey: cashKeys.current(),
  queryFn: async ({ signal }) => (await api.get<CurrentShiftResponse>('/cash/current', { signal })).data.shift,
});

/** The open shift's figures move with every sale: refreshed while the screen is open. */
export function useCurrentShift() {
  return useQuery({ ...currentShiftQuery, refetchInterval: 30_000 });
}

export type ShiftFilter = Omit<ListShiftsQuery, 'cursor' | 'limit'>;

/** GET /cash/list (Admin/Manager): shifts newest first, a page at a time. */
export const shiftListQuery = (filter: ShiftFilter) =>
  infiniteQueryOptions({
    queryKey: cashKeys.list(filter),
    queryFn: async ({ pageParam, signal }) => {
      const params: ListShiftsQuery = { ...filter, ...(pageParam ? { cursor: pageParam } : {}) };
      return (await api.get<ListShiftsResponse>('/cash/list', { params, signal })).data;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useShiftList(filter: ShiftFilter, enabled = true) {
  return useInfiniteQuery({ ...shiftListQuery(filter), enabled });
}

/** After any change: the open shift is the answer; the history is stale. */
function useStoreShift() {
  const queryClient = useQueryClient();
  return (shift: Shift) => {
    queryClient.setQueryData(cashKeys.current(), shift.closedAt ? null : shift);
    void queryClient.invalidateQueries({ queryKey: cashKeys.lists() });
  };
}

export function useOpenShift() {
  const store = useStoreShift();
  return useMutation({
    mutationFn: async (body: OpenShiftBody) => (await api.post<Shift>('/cash/open', body)).data,
    onSuccess: store,
  });
}

export function useCashMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CashMovementBody) => (await api.post<unknown>('/cash/movement', body)).data,
    // The answer may be the movement or the shift: the shift is read again either way.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashKeys.current() }),
  });
}

export function useCloseShift() {
  const store = useStoreShift();
  return useMutation({
    mutationFn: async (body: CloseShiftInput) => (await api.post<Shift>('/cash/close', body)).data,
    onSuccess: store,
  });
}

/** GET /cash/pdf/{id}: the 80 mm shift summary, fetched with the session's token. */
export async function fetchShiftPdf(id: number): Promise<Blob> {
  const { data } = await api.get<Blob>(`/cash/pdf/${id}`, { responseType: 'blob' });
  return data.type === 'application/pdf' ? data : new Blob([data], { type: 'application/pdf' });
}
