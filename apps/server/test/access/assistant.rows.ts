import type { AccessRow } from './types.js';

// Without OPENAI_API_KEY the endpoint answers 503, so the Admin call here sends an unknown field
// and is refused (400) by validation, which runs only after the role check.
export const rows: AccessRow[] = [
  { method: 'POST', route: '/api/getEphemeralKey', payload: { desconocido: true }, roles: ['Admin'] },
];
