import type { Autofactura, AutofacturaIssueInput } from '@mostrador/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

// The public autofactura: the ticket's state by its signed token, and issuing its invoice. No
// session: the token is the only credential.

/** Stamping waits for the PAC (PAC_TIMEOUT_MS, 20 s by default, and one retry): longer than other calls. */
const ISSUE_TIMEOUT_MS = 90_000;

const autofacturaKey = (token: string) => ['autofactura', token] as const;

/** GET /public/autofactura: the ticket, the shop and what the customer can do. */
export function useAutofactura(token: string) {
  return useQuery({
    queryKey: autofacturaKey(token),
    queryFn: async ({ signal }) =>
      (await api.get<Autofactura>('/public/autofactura', { params: { token }, signal })).data,
    // A refused link (403) stays refused; a network failure gets the page's 'Reintentar'.
    retry: false,
  });
}

/**
 * POST /public/autofactura/issue. Its answer is the page's new state (invoiced, with the downloads),
 * put in place of the query's. Not retried by itself: a second submission is safe (the server
 * answers the invoice already made), so the customer may press again.
 */
export function useIssueAutofactura(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (receiver: AutofacturaIssueInput['receiver']) =>
      (await api.post<Autofactura>('/public/autofactura/issue', { token, receiver }, { timeout: ISSUE_TIMEOUT_MS }))
        .data,
    onSuccess: (answer) => queryClient.setQueryData(autofacturaKey(token), answer),
  });
}
