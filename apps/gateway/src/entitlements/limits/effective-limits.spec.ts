import type { Boost } from '@pds/billing';
import { activeBoosts, effectiveLimits, nextExpiry } from './effective-limits';

const NOW = Date.parse('2026-01-01T00:00:00.000Z');
const OWN = { requestsPerMinute: 40, wsConnections: 2 };

function boost(id: string, expiresAt: number, extraRequestsPerMinute = 0, extraWsConnections = 0): Boost {
  return { id, extraRequestsPerMinute, extraWsConnections, grantedAt: NOW - 1000, expiresAt };
}

describe('effectiveLimits', () => {
  it('should be the own limits when there is no boost', () => {
    expect(effectiveLimits(OWN, [], NOW)).toEqual(OWN);
  });

  it('should add every active boost to each limit', () => {
    const boosts = [boost('a', NOW + 1000, 10, 1), boost('b', NOW + 5000, 5, 0)];
    expect(effectiveLimits(OWN, boosts, NOW)).toEqual({ requestsPerMinute: 55, wsConnections: 3 });
  });

  it('should stop counting a boost at its expiry, exactly', () => {
    const boosts = [boost('a', NOW + 1000, 10, 1)];
    expect(effectiveLimits(OWN, boosts, NOW + 999)).toEqual({ requestsPerMinute: 50, wsConnections: 3 });
    expect(effectiveLimits(OWN, boosts, NOW + 1000)).toEqual(OWN);
  });
});

describe('activeBoosts', () => {
  it('should keep the running boosts, soonest to end first', () => {
    const boosts = [boost('late', NOW + 9000), boost('gone', NOW), boost('soon', NOW + 10)];
    expect(activeBoosts(boosts, NOW).map((active) => active.id)).toEqual(['soon', 'late']);
  });
});

describe('nextExpiry', () => {
  it('should be the earliest expiry still ahead, or undefined when none is', () => {
    expect(nextExpiry([boost('a', NOW + 9000), boost('b', NOW + 10), boost('c', NOW - 1)], NOW)).toBe(
      NOW + 10,
    );
    expect(nextExpiry([boost('c', NOW - 1)], NOW)).toBeUndefined();
  });
});
