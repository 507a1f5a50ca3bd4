import { keyHolders, RedisKeys } from '@pds/redis';
import { Cluster } from 'ioredis';
import { deletePrefix, scanKeys, testRedis, uniquePrefix } from '../src';

/** Runs in the `cluster` project only: the cluster the suites there share, and the helpers on it. */
describe('the test Redis Cluster', () => {
  const redis = testRedis().connect('test-cluster-check');
  const prefix = uniquePrefix('cluster-check');

  afterAll(async () => {
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('is a three-master Redis Cluster', async () => {
    expect(redis).toBeInstanceOf(Cluster);
    await redis.ping();
    expect(keyHolders(redis)).toHaveLength(3);
  });

  it('keeps every market key of a symbol in one slot, so the Lua steps and MULTIs run', async () => {
    const keys = new RedisKeys(prefix);
    const marketKeys = [
      keys.latestPrice('btcusdt'),
      keys.openKline('btcusdt', '1m'),
      keys.closedKlines('btcusdt', '1h'),
      keys.coverage('btcusdt', '1d'),
      keys.lastEventTime('btcusdt'),
      keys.ingestorLease('btcusdt'),
    ];
    const slots = await Promise.all(marketKeys.map((key) => redis.cluster('KEYSLOT', key)));
    expect(new Set(slots).size).toBe(1);
  });

  it('finds and deletes the keys under a prefix on every master', async () => {
    const written = Array.from({ length: 30 }, (_, index) => `${prefix}:{tag-${index}}:value`);
    await Promise.all(written.map((key) => redis.set(key, '1')));
    const perMaster = await Promise.all(keyHolders(redis).map((server) => server.dbsize()));
    expect(perMaster.filter((count) => count > 0).length).toBeGreaterThan(1);
    expect((await scanKeys(redis, `${prefix}:*`)).sort()).toEqual([...written].sort());

    await deletePrefix(redis, prefix);

    expect(await scanKeys(redis, `${prefix}:*`)).toEqual([]);
  });
});
