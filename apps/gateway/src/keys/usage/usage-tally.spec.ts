import { RedisKeys } from '@pds/redis';
import { hourlyUsageOf, usageTally } from './usage-tally';

describe('usage history', () => {
  const keys = new RedisKeys('p');
  const now = Date.parse('2026-11-25T13:45:10.000Z');

  it('should tally a request in the key’s hash of the day, in its slot, kept 36 days from the day’s start', () => {
    expect(usageTally(keys, 'k1', 'getKlines', 40, now)).toEqual({
      key: 'p:usage:{k1}:2026-11-25',
      field: '13:getKlines',
      limit: 40,
      expireAtSeconds: Date.parse('2026-12-31T00:00:00.000Z') / 1000,
    });
  });

  it('should read a day’s hash back as hours per operation, ignoring fields it did not write', () => {
    const dayStart = Date.parse('2026-11-25T00:00:00.000Z');
    const hours = hourlyUsageOf(dayStart, {
      '13:getKlines:requests': '45',
      '13:getKlines:rejected': '5',
      '02:getCurrentPrice:requests': '1',
      stray: '9',
    });
    expect(hours).toEqual(
      expect.arrayContaining([
        { start: dayStart + 13 * 3_600_000, operation: 'getKlines', requests: 45, rejected: 5 },
        { start: dayStart + 2 * 3_600_000, operation: 'getCurrentPrice', requests: 1, rejected: 0 },
      ]),
    );
    expect(hours).toHaveLength(2);
  });
});
