import type { ShopSettings, UpdateShopSettingsInput } from '@mostrador/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { settingsKeys } from './keys';

export const shopSettingsQuery = queryOptions({
  queryKey: settingsKeys.current(),
  queryFn: async () => (await api.get<ShopSettings>('/settings')).data,
});

/** GET /settings: the shop's settings (every signed-in user reads them). */
export function useShopSettings() {
  return useQuery(shopSettingsQuery);
}

/** PUT /settings (Admin): what it answers is the settings as they now stand. */
export function useSaveShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateShopSettingsInput) => (await api.put<ShopSettings>('/settings', body)).data,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.current(), saved),
  });
}
