import type { BusinessFiscal, BusinessFiscalInput, CsdSummary } from '@mostrador/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query keys of the fiscal feature: everything lives under ['fiscal']. */
export const fiscalKeys = {
  all: ['fiscal'] as const,
  business: () => [...fiscalKeys.all, 'business'] as const,
};

export const businessFiscalQuery = queryOptions({
  queryKey: fiscalKeys.business(),
  queryFn: async () => (await api.get<BusinessFiscal>('/business/fiscal')).data,
});

/** GET /business/fiscal (Admin): the identity and the CSD's public facts. */
export function useBusinessFiscal() {
  return useQuery(businessFiscalQuery);
}

/** PUT /business/fiscal (Admin): answers the data as it now stands. */
export function useSaveBusinessFiscal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BusinessFiscalInput) => (await api.put<BusinessFiscal>('/business/fiscal', body)).data,
    onSuccess: (saved) => queryClient.setQueryData(fiscalKeys.business(), saved),
  });
}

export interface CsdUpload {
  cer: File;
  key: File;
  password: string;
}

/** POST /business/csd (Admin): the certificate, its key and the key's password, as a form. */
export function useUploadCsd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ cer, key, password }: CsdUpload) => {
      const form = new FormData();
      form.append('cer', cer);
      form.append('key', key);
      form.append('password', password);
      return (await api.post<CsdSummary>('/business/csd', form)).data;
    },
    onSuccess: (csd) =>
      queryClient.setQueryData(fiscalKeys.business(), (current: BusinessFiscal | undefined) =>
        current ? { ...current, csd } : current,
      ),
  });
}
