import 'dayjs/locale/es-mx';
import { describe, expect, it } from 'vitest';
import { csdDate, csdValidity } from './csd-validity';

const DAY = 24 * 60 * 60 * 1000;
const END = '2030-05-12T23:59:59.000Z';

describe('a CSD’s validity', () => {
  it('reads its last day in Monterrey, in Mexican Spanish', () => {
    expect(csdDate(END)).toBe('12 de mayo de 2030');
    expect(csdDate('2026-01-01T05:00:00.000Z')).toBe('31 de diciembre de 2025');
  });

  it('warns within 30 days of the end, and says when it is over', () => {
    const end = Date.parse(END);
    expect(csdValidity(END, end - 31 * DAY)).toBe('valid');
    expect(csdValidity(END, end - 30 * DAY)).toBe('expiring');
    expect(csdValidity(END, end)).toBe('expiring');
    expect(csdValidity(END, end + 1)).toBe('expired');
  });
});
