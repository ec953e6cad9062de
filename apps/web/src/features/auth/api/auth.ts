import type { ChangePasswordBody, LoginBody, SessionResponse, User } from '@mostrador/shared';
import { api } from '../../../lib/api';
import { parseSessionResponse } from '../../../lib/session-store';

export async function login(credentials: LoginBody): Promise<SessionResponse> {
  const { data } = await api.post<unknown>('/auth/login', credentials);
  return parseSessionResponse(data);
}

export async function logout(refreshToken: string | undefined): Promise<void> {
  await api.post('/auth/logout', refreshToken ? { refreshToken } : {});
}

export async function validateToken(): Promise<User> {
  const { data } = await api.get<{ user: User }>('/auth/validateToken');
  return data.user;
}

export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await api.post('/auth/changePassword', body);
}
