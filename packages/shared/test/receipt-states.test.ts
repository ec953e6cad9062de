import { describe, expect, it } from 'vitest';
import { RECEIPT_STATES } from '../src/enums.js';
import { stateChangeRefusal, stateChangeRefusalMessage } from '../src/receipt-states.js';

describe('stateChangeRefusal', () => {
  it('refuses the state a receipt already has', () => {
    for (const state of RECEIPT_STATES) {
      expect(stateChangeRefusal({ state, balanceCents: 100 }, state)).toBe('same-state');
    }
  });

  it('refuses every change of a cancelled receipt', () => {
    expect(stateChangeRefusal({ state: 'Cancelled', balanceCents: 5000 }, 'Pending')).toBe('cancelled');
    expect(stateChangeRefusal({ state: 'Cancelled', balanceCents: 5000 }, 'Paid')).toBe('cancelled');
  });

  it('refuses Pending while nothing is left to pay, and allows it from one centavo owed', () => {
    expect(stateChangeRefusal({ state: 'Paid', balanceCents: 0 }, 'Pending')).toBe('nothing-owed');
    expect(stateChangeRefusal({ state: 'Paid', balanceCents: -50 }, 'Pending')).toBe('nothing-owed');
    expect(stateChangeRefusal({ state: 'Paid', balanceCents: 1 }, 'Pending')).toBeNull();
  });

  it('allows paying and cancelling a receipt that is not cancelled, whatever it owes', () => {
    expect(stateChangeRefusal({ state: 'Pending', balanceCents: 0 }, 'Paid')).toBeNull();
    expect(stateChangeRefusal({ state: 'Pending', balanceCents: 7000 }, 'Paid')).toBeNull();
    expect(stateChangeRefusal({ state: 'Pending', balanceCents: 7000 }, 'Cancelled')).toBeNull();
    expect(stateChangeRefusal({ state: 'Paid', balanceCents: 0 }, 'Cancelled')).toBeNull();
  });
});

describe('stateChangeRefusalMessage', () => {
  it('names the receipt and the reason in Spanish', () => {
    expect(stateChangeRefusalMessage('same-state', 4, 'Paid')).toBe('La remisión #4 ya está pagada.');
    expect(stateChangeRefusalMessage('cancelled', 4, 'Paid')).toBe(
      'La remisión #4 está cancelada; una remisión cancelada ya no cambia de estado.',
    );
    expect(stateChangeRefusalMessage('nothing-owed', 4, 'Pending')).toBe(
      'La remisión #4 está pagada por completo; para dejarla pendiente cancela primero uno de sus pagos.',
    );
  });
});
