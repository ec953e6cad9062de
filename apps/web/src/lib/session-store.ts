import type { SessionResponse, User } from '@mostrador/shared';
import { es } from '../i18n/es';

export interface StoredSession {
  user: User;
  accessToken: string;
  refreshToken: string;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const KEY = 'mostrador.session';

/**
 * The signed-in session, kept in localStorage so a reload (or another tab) keeps it.
 * Components subscribe to it; the API client reads and rotates its tokens.
 */
export function createSessionStore(storage: KeyValueStorage) {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cached: StoredSession | null = null;

  const read = (): StoredSession | null => {
    const raw = storage.getItem(KEY);
    if (raw === cachedRaw) return cached;
    cachedRaw = raw;
    try {
      cached = raw ? (JSON.parse(raw) as StoredSession) : null;
    } catch {
      cached = null;
    }
    return cached;
  };
  const emit = () => listeners.forEach((listener) => listener());

  return {
    get: read,
    set(session: SessionResponse) {
      storage.setItem(KEY, JSON.stringify(session));
      emit();
    },
    clear() {
      storage.removeItem(KEY);
      emit();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Another tab changed the session (signed in, out, or refreshed). */
    notifyExternalChange: emit,
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/**
 * Accepts the login/refresh answer in either shape: tokens at the top level or nested
 * under `tokens`. Anything else is 'Invalid login response format'.
 */
export function parseSessionResponse(data: unknown): SessionResponse {
  const body = (data ?? {}) as Record<string, unknown>;
  const nested = (body.tokens ?? {}) as Record<string, unknown>;
  const accessToken = body.accessToken ?? nested.accessToken;
  const refreshToken = body.refreshToken ?? nested.refreshToken;
  const user = body.user as User | undefined;
  if (typeof accessToken !== 'string' || typeof refreshToken !== 'string' || !user || typeof user !== 'object') {
    throw new Error(es.auth.invalidLoginResponse);
  }
  return { user, accessToken, refreshToken };
}
