import { RedisKeys, type RedisClient } from '@pds/redis';
import { Registry } from 'prom-client';
import type { ChangeSubscriber } from '../changes/change-subscriber';
import type { MarketMirror } from '../market-data/mirror/market-mirror';
import type { PriceSource } from '../market-data/source/price-source';
import { GatewayReadiness } from './gateway-readiness';

interface World {
  redisAnswers: boolean;
  subscriberLive: boolean;
  mirrorBehind: string | undefined;
  lastEventTime: number | undefined;
}

/** The readiness over fakes of its collaborators (Redis answering as a noeviction server would). */
function readinessOf(world: World): GatewayReadiness {
  const answer = <T>(value: T): Promise<T> =>
    world.redisAnswers ? Promise.resolve(value) : Promise.reject(new Error('Command timed out'));
  const redis = {
    set: () => answer('OK'),
    config: () => answer(['maxmemory-policy', 'noeviction']),
    get: () => answer(world.lastEventTime === undefined ? null : String(world.lastEventTime)),
  } as unknown as RedisClient;
  const source = {
    status: { source: 'kraken', primary: 'binance', exchanges: { binance: 'dark', kraken: 'dark' } },
  } as unknown as PriceSource;
  const changes = {
    get isLive() {
      return world.subscriberLive;
    },
  } as unknown as ChangeSubscriber;
  const mirror = { behindReason: () => world.mirrorBehind } as unknown as MarketMirror;
  return new GatewayReadiness(redis, new RedisKeys('spec'), source, changes, mirror, new Registry());
}

const healthy = (): World => ({
  redisAnswers: true,
  subscriberLive: true,
  mirrorBehind: undefined,
  lastEventTime: Date.now() - 56_000,
});

describe('GatewayReadiness', () => {
  it('should be ready while both exchanges are silent, reporting the age of the newest event', async () => {
    expect(await readinessOf(healthy()).check()).toMatchObject({
      ready: true,
      exchange: { source: 'kraken', ageSeconds: 56 },
      source: 'kraken',
      primary: 'binance',
    });
  });

  it('should be unready naming redis when Redis does not answer', async () => {
    expect(await readinessOf({ ...healthy(), redisAnswers: false }).check()).toMatchObject({
      ready: false,
      check: 'redis',
      reason: expect.stringMatching(/^redis /) as unknown,
    });
  });

  it('should be unready naming the change subscription while it reconnects', async () => {
    expect(await readinessOf({ ...healthy(), subscriberLive: false }).check()).toMatchObject({
      ready: false,
      check: 'changeSubscription',
      reason: 'change subscription is reconnecting',
    });
  });

  it('should be unready naming the mirror while it is behind Redis', async () => {
    const world = { ...healthy(), mirrorBehind: 'not seeded from Redis yet' };
    expect(await readinessOf(world).check()).toMatchObject({
      ready: false,
      check: 'mirror',
      reason: 'mirror not seeded from Redis yet',
    });
  });

  it('should be unready naming draining from the shutdown signal on', async () => {
    const readiness = readinessOf(healthy());
    readiness.onModuleDestroy();
    expect(await readiness.check()).toMatchObject({ ready: false, check: 'draining' });
  });
});
