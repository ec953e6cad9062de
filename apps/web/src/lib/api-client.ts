import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { getServerMessage } from './errors';
import { parseSessionResponse, type SessionStore } from './session-store';

export const API_TIMEOUT_MS = 20_000;

interface RetriableConfig extends InternalAxiosRequestConfig {
  _retried?: boolean;
}

export interface ApiClientOptions {
  baseURL: string;
  store: SessionStore;
  /** The session could not be renewed: the app clears it and goes to /login, saying why (the server's words). */
  onSessionExpired: (reason: string | null) => void;
}

export interface ApiClient {
  http: AxiosInstance;
  /** One refresh at a time: concurrent callers share the same attempt. */
  refreshSession(): Promise<void>;
}

const bearer = (token: string) => `Bearer ${token}`;

/** axios: JSON, cookies, 20 s time-out, Bearer token, one shared refresh on 401 (then /login if it fails). */
export function createApiClient({ baseURL, store, onSessionExpired }: ApiClientOptions): ApiClient {
  const http = axios.create({ baseURL, timeout: API_TIMEOUT_MS, withCredentials: true });
  let refreshing: Promise<void> | null = null;

  function refreshSession(): Promise<void> {
    refreshing ??= (async () => {
      const refreshToken = store.get()?.refreshToken;
      if (!refreshToken) throw new Error('No refresh token');
      const { data } = await axios.post(`${baseURL}/auth/refreshToken`, { refreshToken }, { timeout: API_TIMEOUT_MS });
      store.set(parseSessionResponse(data));
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  http.interceptors.request.use((config) => {
    const token = store.get()?.accessToken;
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', bearer(token));
    return config;
  });

  http.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as RetriableConfig | undefined;
    if (error.response?.status !== 401 || !config || config._retried || config.url?.startsWith('/auth/login')) {
      throw error;
    }
    config._retried = true;
    const sentToken = String(config.headers.get('Authorization') ?? '');
    const session = store.get();
    if (!session?.refreshToken) {
      store.clear();
      onSessionExpired(getServerMessage(error));
      throw error;
    }
    // Another call (or tab) may have renewed the session since this one was sent.
    if (sentToken === bearer(session.accessToken)) {
      try {
        await refreshSession();
      } catch (refreshError) {
        store.clear();
        onSessionExpired(getServerMessage(refreshError) ?? getServerMessage(error));
        throw error;
      }
    }
    config.headers.set('Authorization', bearer(store.get()?.accessToken ?? ''));
    return http.request(config);
  });

  return { http, refreshSession };
}
