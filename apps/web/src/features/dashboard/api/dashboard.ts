import type { Dashboard } from '@mostrador/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface DashboardRange {
  from: string;
  to: string;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  range: (range: DashboardRange | null) => [...dashboardKeys.all, range] as const,
};

/** GET /dashboard: today, the last 30 days and the range's top products and sellers (null: the last 30 days). */
export const dashboardQuery = (range: DashboardRange | null) =>
  queryOptions({
    queryKey: dashboardKeys.range(range),
    queryFn: async ({ signal }) => (await api.get<Dashboard>('/dashboard', { params: range ?? {}, signal })).data,
  });

export function useDashboard(range: DashboardRange | null) {
  // A new range keeps the figures on screen while it loads.
  return useQuery({ ...dashboardQuery(range), placeholderData: keepPreviousData });
}
