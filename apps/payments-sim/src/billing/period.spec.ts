import { periodEnd } from './period';

const at = (iso: string): number => Date.parse(iso) / 1000;

describe('periodEnd', () => {
  it('should add a calendar month, keeping the time of day', () => {
    expect(periodEnd(at('2026-11-23T04:00:00Z'), 'month')).toBe(at('2026-12-23T04:00:00Z'));
  });

  it('should clamp to the last day of a shorter month', () => {
    expect(periodEnd(at('2027-01-31T10:00:00Z'), 'month')).toBe(at('2027-02-28T10:00:00Z'));
  });

  it('should add days, weeks and years', () => {
    expect(periodEnd(at('2026-11-23T00:00:00Z'), 'day')).toBe(at('2026-11-24T00:00:00Z'));
    expect(periodEnd(at('2026-11-23T00:00:00Z'), 'week')).toBe(at('2026-11-30T00:00:00Z'));
    expect(periodEnd(at('2028-02-29T00:00:00Z'), 'year')).toBe(at('2029-02-28T00:00:00Z'));
  });
});
