import {
  type AddClientPaymentInput,
  type AddClientPaymentResponse,
  type ClientCredit,
  IDEMPOTENCY_KEY_HEADER,
  type PublicStatement,
  type Statement,
  type StatementLink,
  type StatementLinkInfo,
  type StatementLinkList,
  type StatementPaper,
} from '@mostrador/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withDrawerChoice } from '../../cash';
import { saveBlob } from '../../../lib/download';
import { clientKeys, receiptKeys } from '../../../lib/query-keys';
import { retryUnansweredOnce } from '../../../lib/use-attempt';

export interface StatementPeriod {
  from: string;
  to: string;
}

/** GET /client/credit/{id}: saldo, vencido and what the limit still allows. */
export const clientCreditQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.credit(id),
    queryFn: async ({ signal }) => (await api.get<ClientCredit>(`/client/credit/${id}`, { signal })).data,
  });

export function useClientCredit(id: number | null) {
  return useQuery({ ...clientCreditQuery(id ?? 0), enabled: id !== null && id > 0 });
}

export function useStatement(id: number, period: StatementPeriod) {
  return useQuery({
    queryKey: clientKeys.statement(id, period.from, period.to),
    queryFn: async ({ signal }) =>
      (await api.get<Statement>(`/client/statement/${id}`, { params: period, signal })).data,
  });
}

/** A statement shared by a signed link (no sign-in needed): what the customer sees of it. */
export function useSharedStatement(query: string) {
  return useQuery({
    queryKey: clientKeys.shared(query),
    queryFn: async ({ signal }) => (await api.get<PublicStatement>(`/public/statement?${query}`, { signal })).data,
    retry: false,
  });
}

/** POST /client/addPayment; the key (see useAttempt) makes a repeated abono count once. */
export function useAddClientPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: AddClientPaymentInput; idempotencyKey: string }) =>
      withDrawerChoice(
        async (shiftId) =>
          (
            await api.post<AddClientPaymentResponse>(
              '/client/addPayment',
              { ...body, shiftId },
              { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
            )
          ).data,
      ),
    // Safe to repeat: the same variables are the same body under the same key.
    retry: retryUnansweredOnce,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
      void queryClient.invalidateQueries({ queryKey: receiptKeys.all });
    },
  });
}

/** The PDF needs the Bearer token: fetched as a blob and saved from an object URL. */
async function downloadStatementPdf({
  id,
  period,
  paper,
}: {
  id: number;
  period: StatementPeriod;
  paper: StatementPaper;
}) {
  const { data } = await api.get<Blob>(`/client/statementPdf/${id}`, {
    params: { ...period, paper },
    responseType: 'blob',
  });
  saveBlob(new Blob([data], { type: 'application/pdf' }), `estado-de-cuenta-${id}-${period.to}-${paper}.pdf`);
}

export function useDownloadStatementPdf() {
  return useMutation({ mutationFn: downloadStatementPdf });
}

/** POST /client/statementLink/{id}: a new link, which then shows in the client's list of links. */
export function useStatementLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, period }: { id: number; period: StatementPeriod }) =>
      (await api.post<StatementLink>(`/client/statementLink/${id}`, period)).data,
    onSuccess: (_link, { id }) => void queryClient.invalidateQueries({ queryKey: clientKeys.statementLinks(id) }),
  });
}

/** GET /client/statementLinks/{id}: the client's shared links that have not expired. */
export function useStatementLinks(id: number) {
  return useQuery({
    queryKey: clientKeys.statementLinks(id),
    queryFn: async ({ signal }) =>
      (await api.get<StatementLinkList>(`/client/statementLinks/${id}`, { signal })).data.links,
  });
}

/** POST /client/revokeStatementLink ('Revocar enlace'). */
export function useRevokeStatementLink(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<StatementLinkInfo>('/client/revokeStatementLink', { id })).data,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: clientKeys.statementLinks(clientId) }),
  });
}
