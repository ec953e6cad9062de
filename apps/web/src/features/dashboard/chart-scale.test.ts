import { describe, expect, it } from 'vitest';
import { niceScale } from './chart-scale';

describe('niceScale', () => {
  it('rounds the top up to four round steps', () => {
    expect(niceScale(9283)).toEqual({ max: 10_000, ticks: [0, 2500, 5000, 7500, 10_000] });
    expect(niceScale(41.83)).toEqual({ max: 50, ticks: [0, 12.5, 25, 37.5, 50] });
    expect(niceScale(100)).toEqual({ max: 100, ticks: [0, 25, 50, 75, 100] });
    expect(niceScale(101)).toEqual({ max: 120, ticks: [0, 30, 60, 90, 120] });
  });

  it('gives a scale of 0 to 1 without sales', () => {
    expect(niceScale(0)).toEqual({ max: 1, ticks: [0, 1] });
  });
});
