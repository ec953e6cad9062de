import { createApiClient } from './api-client';
import { createSessionStore } from './session-store';

export const API_BASE = import.meta.env.VITE_API_BASE ?? '/api';

export const sessionStore = createSessionStore(window.localStorage);

// Sign-in, sign-out and refreshes made in another tab reach this one too.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === 'mostrador.session') sessionStore.notifyExternalChange();
});

let onSessionExpired = () => window.location.assign('/login');

/** The router replaces the full-page redirect with a client-side navigation. */
export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

export const apiClient = createApiClient({
  baseURL: API_BASE,
  store: sessionStore,
  onSessionExpired: () => onSessionExpired(),
});

export const api = apiClient.http;
