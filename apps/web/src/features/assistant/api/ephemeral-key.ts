import { api } from '../../../lib/api';
import { type EphemeralKey, readEphemeralKey } from '../realtime/protocol';

/** POST /api/getEphemeralKey (Admin): a short-lived key for one voice session. */
export async function fetchEphemeralKey(signal?: AbortSignal): Promise<EphemeralKey> {
  const response = await api.post<unknown>('/getEphemeralKey', undefined, { signal });
  return readEphemeralKey(response.data);
}
