import { useQueryClient } from '@tanstack/react-query';
import {
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { es } from '../../i18n/es';
import { apiClient, sessionNotice, sessionStore } from '../../lib/api';
import { getErrorMessage, getStatus } from '../../lib/errors';
import { login as loginCall, logout as logoutCall, validateToken } from './api/auth';
import { AuthContext, type AuthContextValue } from './auth-context';

/** The session is renewed every 42,600,000 ms (11.8 h), before the 12 h access token ends. */
export const SESSION_REFRESH_INTERVAL_MS = 42_600_000;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  const [restoring, setRestoring] = useState(() => sessionStore.get() !== null);
  const [error, setError] = useState<string | null>(null);

  // On load: validate the stored token; the API client refreshes it on a 401; else signed out.
  useEffect(() => {
    if (!restoring) return;
    let cancelled = false;
    validateToken()
      .then((user) => {
        const current = sessionStore.get();
        // Stored again only if it changed: a store update re-renders the whole app at once.
        if (!cancelled && current && JSON.stringify(current.user) !== JSON.stringify(user)) {
          sessionStore.set({ ...current, user });
        }
      })
      .catch((err: unknown) => {
        // A 401 the refresh could not cure ends the session; a network hiccup does not.
        if (!cancelled && getStatus(err) === 401) sessionStore.clear();
      })
      .finally(() => {
        // The signed-in screen's first render is the app's largest: in a transition React renders
        // it in short slices, so a phone's main thread is not blocked for the whole of it.
        if (!cancelled) startTransition(() => setRestoring(false));
      });
    return () => {
      cancelled = true;
    };
  }, [restoring]);

  const signedIn = session !== null;
  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setInterval(() => {
      apiClient.refreshSession().catch(() => sessionStore.clear());
    }, SESSION_REFRESH_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [signedIn]);

  const login = useCallback(async (email: string, password: string) => {
    setError(null);
    try {
      sessionStore.set(await loginCall({ email, password }));
      sessionNotice.clear();
      return true;
    } catch (err) {
      setError(getErrorMessage(err) || es.auth.loginFailed);
      return false;
    }
  }, []);

  const logout = useCallback(async () => {
    const refreshToken = sessionStore.get()?.refreshToken;
    sessionStore.clear();
    queryClient.clear();
    await logoutCall(refreshToken).catch(() => undefined);
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(() => {
    const status = restoring ? 'restoring' : session ? 'authenticated' : 'unauthenticated';
    return {
      status,
      isAuthenticated: status === 'authenticated',
      user: session?.user ?? null,
      role: session?.user.role ?? null,
      error,
      login,
      logout,
    };
  }, [restoring, session, error, login, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
