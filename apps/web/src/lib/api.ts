import { es } from '../i18n/es';
import { createApiClient } from './api-client';
import { createSessionStore } from './session-store';

export const API_BASE = import.meta.env.VITE_API_BASE ?? '/api';

export const sessionStore = createSessionStore(window.localStorage);

// Sign-in, sign-out and refreshes made in another tab reach this one too.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === 'mostrador.session') sessionStore.notifyExternalChange();
});

const NOTICE_KEY = 'mostrador.sessionNotice';

/**
 * Why the last session ended (a disabled user, a password reset elsewhere…), for the sign-in page
 * to say; kept in sessionStorage so it outlives the redirect, until the next sign-in.
 */
export const sessionNotice = {
  set: (message: string) => window.sessionStorage.setItem(NOTICE_KEY, message),
  get: () => window.sessionStorage.getItem(NOTICE_KEY),
  clear: () => window.sessionStorage.removeItem(NOTICE_KEY),
};

let onSessionExpired = () => window.location.assign('/login');

/** The router replaces the full-page redirect with a client-side navigation. */
export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

export const apiClient = createApiClient({
  baseURL: API_BASE,
  store: sessionStore,
  onSessionExpired: (reason) => {
    sessionNotice.set(reason ?? es.auth.sessionEnded);
    onSessionExpired();
  },
});

export const api = apiClient.http;
