import type { EditSupplierInput, RegisterSupplierInput, Supplier, SupplierListResponse } from '@mostrador/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { supplierKeys } from './keys';

const byName = new Intl.Collator('es-MX', { sensitivity: 'base', numeric: true });
const sortByName = (list: Supplier[]) => [...list].sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);

/** Enabled suppliers, by name (GET /supplier/list). */
export const suppliersQuery = queryOptions({
  queryKey: supplierKeys.list(),
  queryFn: async ({ signal }) => (await api.get<SupplierListResponse>('/supplier/list', { signal })).data.suppliers,
});

export function useSuppliers() {
  return useQuery(suppliersQuery);
}

/** The server's answer shown at once in the cached list (a purchase form selects a new supplier right away). */
function store(queryClient: QueryClient, change: (list: Supplier[]) => Supplier[]) {
  queryClient.setQueryData<Supplier[]>(supplierKeys.list(), (list) => list && change(list));
  void queryClient.invalidateQueries({ queryKey: supplierKeys.all });
}

export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterSupplierInput) => (await api.post<Supplier>('/supplier/register', input)).data,
    onSuccess: (supplier) => store(queryClient, (list) => sortByName([...list, supplier])),
  });
}

export function useEditSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: EditSupplierInput & { id: number }) =>
      (await api.post<Supplier>(`/supplier/edit/${id}`, input)).data,
    onSuccess: (supplier) =>
      store(queryClient, (list) => sortByName(list.map((s) => (s.id === supplier.id ? supplier : s)))),
  });
}

export function useDisableSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<Supplier>(`/supplier/disable/${id}`)).data,
    onSuccess: (supplier) => store(queryClient, (list) => list.filter((s) => s.id !== supplier.id)),
  });
}
