import { describe, expect, it } from 'vitest';
import { isNotConfigured } from './not-configured';

const failure = (status: number, error: unknown) => ({ response: { status, data: { message: 'x', error } } });

describe('invoicing not configured', () => {
  it('is a 503 with the error INVOICING_NOT_CONFIGURED, nothing else', () => {
    expect(isNotConfigured(failure(503, 'INVOICING_NOT_CONFIGURED'))).toBe(true);
    expect(isNotConfigured(failure(503, 'PAC_UNAVAILABLE'))).toBe(false);
    expect(isNotConfigured(failure(400, 'INVOICING_NOT_CONFIGURED'))).toBe(false);
    expect(isNotConfigured(new Error('Network Error'))).toBe(false);
    expect(isNotConfigured(null)).toBe(false);
  });
});
