import { isAxiosError } from 'axios';
import { es } from '../i18n/es';

/** What a failed call shows: the response's message, else its error, else the technical message. */
export function getErrorMessage(error: unknown): string {
  if (isAxiosError(error)) {
    const data = error.response?.data as { message?: unknown; error?: unknown } | undefined;
    if (typeof data?.message === 'string' && data.message) return data.message;
    if (typeof data?.error === 'string' && data.error) return data.error;
  }
  if (error instanceof Error && error.message) return error.message;
  return es.common.networkError;
}

/** The server's own explanation of a refused request (4xx), if it gave one. */
export function getServerMessage(error: unknown): string | null {
  if (!isAxiosError(error) || !error.response || error.response.status >= 500) return null;
  const data = error.response.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' && data.message ? data.message : null;
}

export function getStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/** No answer reached us (network down, connection dropped, time-out): the request may or may not have been done. */
export function isNoAnswer(error: unknown): boolean {
  return isAxiosError(error) && !error.response;
}

/** The request gave up waiting (axios' time-out). */
export function isTimeout(error: unknown): boolean {
  return isAxiosError(error) && !error.response && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT');
}

/** The error code of a refused request ('DRAWER_REQUIRED', 'SHIFT_REQUIRED'…), if it gave one. */
export function getErrorCode(error: unknown): string | null {
  if (!isAxiosError(error) || !error.response) return null;
  const data = error.response.data as { error?: unknown } | undefined;
  return typeof data?.error === 'string' ? data.error : null;
}
