import { RedisKeys } from '@pds/redis';
import { usageTally } from '../keys';
import { HitTargets } from './hit-targets';

describe('HitTargets', () => {
  const keys = new RedisKeys('p');
  const now = Date.parse('2026-11-25T13:45:10.000Z');

  it('should give a key’s window and the tally usageTally makes, the same object for the rest of the hour', () => {
    const targets = new HitTargets(keys);
    const holder = {};
    const first = targets.of(holder, 'k1', 'getKlines', 40, now);
    expect(first.windowKey).toBe(keys.rateLimit('k1', 'getKlines'));
    expect(first.tally).toEqual(usageTally(keys, 'k1', 'getKlines', 40, now));
    expect(targets.of(holder, 'k1', 'getKlines', 40, Date.parse('2026-11-25T13:59:59.999Z'))).toBe(first);
  });

  it('should make new targets in the next hour, for another limit, bucket or holder', () => {
    const targets = new HitTargets(keys);
    const holder = {};
    const first = targets.of(holder, 'k1', 'getKlines', 40, now);
    const nextHour = targets.of(holder, 'k1', 'getKlines', 40, Date.parse('2026-11-25T14:00:00.000Z'));
    expect(nextHour.tally.field).toBe('14:getKlines');
    expect(targets.of(holder, 'k1', 'getKlines', 80, now).tally.limit).toBe(80);
    expect(targets.of(holder, 'k1', 'getCurrentPrice', 40, now).windowKey).toBe(
      keys.rateLimit('k1', 'getCurrentPrice'),
    );
    expect(targets.of({}, 'k1', 'getKlines', 40, now)).not.toBe(first);
  });

  it('should name the next day’s hash after midnight', () => {
    const targets = new HitTargets(keys);
    const holder = {};
    targets.of(holder, 'k1', 'getKlines', 40, Date.parse('2026-11-25T23:59:59.000Z'));
    expect(targets.of(holder, 'k1', 'getKlines', 40, Date.parse('2026-11-26T00:00:01.000Z')).tally.key).toBe(
      'p:usage:{k1}:2026-11-26',
    );
  });
});
