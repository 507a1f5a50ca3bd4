import { daysOf, resolveUsageRange } from './usage-range';

const NOW = Date.parse('2026-11-25T13:45:10.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('resolveUsageRange', () => {
  it('should default to the last 24 hours by hour, from the start of the hour 24 hours ago', () => {
    expect(resolveUsageRange({}, NOW)).toEqual({
      granularity: 'hour',
      from: Date.parse('2026-11-24T13:00:00.000Z'),
      to: NOW,
    });
  });

  it('should start a day range at the start of its first UTC day, and never end after now', () => {
    const range = resolveUsageRange(
      { from: '2026-11-20T05:00:00+02:00', to: '2030-01-01T00:00:00Z', granularity: 'day' },
      NOW,
    );
    expect(range).toEqual({ granularity: 'day', from: Date.parse('2026-11-20T00:00:00.000Z'), to: NOW });
  });

  it('should refuse a from older than the 35 kept days, and a from after now when to is left out', () => {
    expect(resolveUsageRange({ from: new Date(NOW - 36 * DAY).toISOString() }, NOW)).toEqual([
      'from must be within the last 35 days',
    ]);
    expect(resolveUsageRange({ from: new Date(NOW + HOUR).toISOString() }, NOW)).toEqual([
      'from must not be later than to',
    ]);
  });
});

describe('daysOf', () => {
  it('should list the start of every UTC day the range touches, oldest first', () => {
    const from = Date.parse('2026-11-23T22:00:00.000Z');
    expect(daysOf({ granularity: 'hour', from, to: NOW }).map((day) => new Date(day).toISOString())).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-24T00:00:00.000Z',
      '2026-11-25T00:00:00.000Z',
    ]);
  });
});
