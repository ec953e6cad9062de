import { describe, expect, it } from 'vitest';
import { supervisorStepFor } from './useSupervisorStep';

describe('the supervisor step', () => {
  it('opens the dialog when the server asks for a supervisor, open or not', () => {
    expect(supervisorStepFor('SUPERVISOR_REQUIRED', false)).toBe('ask');
    expect(supervisorStepFor('SUPERVISOR_REQUIRED', true)).toBe('ask');
  });

  it('says refused credentials and too many tries in the open dialog', () => {
    expect(supervisorStepFor('SUPERVISOR_REFUSED', true)).toBe('say');
    expect(supervisorStepFor('RATE_LIMITED', true)).toBe('say');
  });

  it('leaves everything else to the caller, and those two while no dialog is open', () => {
    expect(supervisorStepFor('SUPERVISOR_REFUSED', false)).toBe('pass');
    expect(supervisorStepFor('RATE_LIMITED', false)).toBe('pass');
    expect(supervisorStepFor('CONFLICT', true)).toBe('pass');
    expect(supervisorStepFor(null, true)).toBe('pass');
  });
});
