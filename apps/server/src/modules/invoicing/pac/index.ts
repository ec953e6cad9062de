import type { Config } from '../../../config.js';
import type { Pac } from './pac.js';
import { SwSapienPac } from './sw-sapien.js';

export * from './pac.js';
export { SwSapienPac, type SwSapienOptions } from './sw-sapien.js';

/**
 * The configured PAC, or null when PAC_URL, PAC_USER and PAC_PASSWORD are not set (invoicing
 * then answers 503 INVOICING_NOT_CONFIGURED). loadConfig refuses to start with only some of them.
 */
export function pacFromConfig(
  config: Pick<Config, 'PAC_URL' | 'PAC_USER' | 'PAC_PASSWORD' | 'PAC_TIMEOUT_MS'>,
): Pac | null {
  const { PAC_URL: url, PAC_USER: user, PAC_PASSWORD: password, PAC_TIMEOUT_MS: timeoutMs } = config;
  if (!url || !user || !password) return null;
  return new SwSapienPac({ url, user, password, timeoutMs });
}
