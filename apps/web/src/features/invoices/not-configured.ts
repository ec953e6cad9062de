// 503 INVOICING_NOT_CONFIGURED: the server has no PAC, or the shop no fiscal data or CSD. Screens
// say how to set it up instead of showing an error; warnings stay silent.

export const NOT_CONFIGURED_CODE = 'INVOICING_NOT_CONFIGURED';

/** Whether a failed call says invoicing is not set up. Any axios-shaped error is read. */
export function isNotConfigured(error: unknown): boolean {
  const response = (error as { response?: { status?: unknown; data?: { error?: unknown } } } | null)?.response;
  return response?.status === 503 && response.data?.error === NOT_CONFIGURED_CODE;
}
