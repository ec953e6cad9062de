import type { ErrorCode } from '@mostrador/shared';
import { expect } from 'vitest';

/** The body of an error answer (its request id is new on every request). */
export const errorBody = (message: string, error: ErrorCode) => ({
  message,
  error,
  requestId: expect.stringMatching(/^[\w.:-]{1,64}$/),
});
