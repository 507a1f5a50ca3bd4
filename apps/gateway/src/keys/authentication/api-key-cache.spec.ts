import type { ApiKeyRecord } from '../store/api-key-record';
import type { Boost } from '../../entitlements';
import { ApiKeyCache } from './api-key-cache';

const RECORD: ApiKeyRecord = { id: 'k1', name: 'bot', createdAt: '2026-01-01T00:00:00.000Z' };
const boostEnding = (expiresAt: number): Boost => ({
  id: 'b1',
  extraRequestsPerMinute: 1,
  extraWsConnections: 0,
  grantedAt: 0,
  expiresAt,
});

describe('ApiKeyCache', () => {
  it('should keep an account for the TTL', () => {
    const cache = new ApiKeyCache(5000);
    cache.set('h', { record: RECORD, boosts: [] }, cache.generation, 1000);
    expect(cache.get('h', 5999)).toBeDefined();
    expect(cache.get('h', 6000)).toBeUndefined();
  });

  it('should drop an account no later than its earliest boost ends', () => {
    const cache = new ApiKeyCache(5000);
    cache.set('h', { record: RECORD, boosts: [boostEnding(3000)] }, cache.generation, 1000);
    expect(cache.get('h', 2999)).toBeDefined();
    expect(cache.get('h', 3000)).toBeUndefined();
  });

  it('should not keep what a lookup read before an eviction', () => {
    const cache = new ApiKeyCache(5000);
    const generation = cache.generation;
    cache.evict('other');
    cache.set('h', { record: RECORD, boosts: [] }, generation);
    expect(cache.get('h')).toBeUndefined();
  });

  it('should forget an evicted account at once', () => {
    const cache = new ApiKeyCache(5000);
    cache.set('h', { record: RECORD, boosts: [] }, cache.generation);
    cache.evict('h');
    expect(cache.get('h')).toBeUndefined();
  });
});
