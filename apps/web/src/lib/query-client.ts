import { QueryClient } from '@tanstack/react-query';
import { getStatus } from './errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Retry once on network or server trouble; a 4xx will not change by retrying.
      retry: (failureCount, error) => failureCount < 1 && (getStatus(error) ?? 500) >= 500,
      refetchOnWindowFocus: false,
    },
  },
});
