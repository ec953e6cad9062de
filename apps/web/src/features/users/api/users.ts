import type { EditUserInput, RegisterInput, User } from '@mostrador/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { userKeys } from './keys';

export const usersQuery = queryOptions({
  queryKey: userKeys.list(),
  queryFn: async () => (await api.get<{ users: User[] }>('/user/list')).data.users,
});

export function useUsers() {
  return useQuery(usersQuery);
}

export function useRegisterUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) => (await api.post<User>('/auth/register', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EditUserInput) => (await api.post<User>('/user/edit', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: { id: number; newPassword: string }) => {
      await api.post('/user/resetPassword', input);
    },
  });
}
