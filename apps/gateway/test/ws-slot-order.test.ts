import { loadEnvironment } from '@pds/config';
import { createAppLogger } from '@pds/observability';
import { RedisKeys, RedisScripts } from '@pds/redis';
import { deletePrefix, testRedis, uniquePrefix } from '@pds/testing';
import { ApiException } from '../src/errors/api-exception';
import { GatewayEnvironment } from '../src/gateway.environment';
import { ConnectionSlots } from '../src/streaming/connection-slots';
import { STREAM_ROUTES } from '../src/streaming/stream-request';

describe('WebSocket connection slots (real Redis, the connection the gateway builds)', () => {
  const redis = testRedis().connect('test-ws-slots');
  const prefix = uniquePrefix('ws-slot-order');
  const slots = new ConnectionSlots(
    new RedisScripts(redis),
    new RedisKeys(prefix),
    createAppLogger('test', 'error'),
    loadEnvironment(GatewayEnvironment, {}),
  );
  const oneConnection = { id: 'key-with-one-connection', wsConnections: 1 };

  afterAll(async () => {
    await slots.releaseAll();
    await deletePrefix(redis, prefix);
    redis.disconnect();
  });

  it('should admit a connection opened in the same turn as the release of the one before it', async () => {
    const first = await slots.acquire(oneConnection, STREAM_ROUTES.currentPrice, 'connection-1');

    // A client reconnecting at once: its admission must not reach Redis before the release.
    const released = slots.release(first);
    const second = slots.acquire(oneConnection, STREAM_ROUTES.currentPrice, 'connection-2');

    await released;
    await expect(second).resolves.toMatchObject({ member: 'connection-2', limit: 1 });
  });

  it('should not take a slot again by a renewal made before its release', async () => {
    const held = await slots.acquire(oneConnection, STREAM_ROUTES.currentKline, 'connection-5');

    // The renewal timer's work, then a close in the same turn: the renewal must not run after it.
    const renewing = (slots as unknown as { renew(): Promise<boolean> }).renew();
    const released = slots.release(held);
    await Promise.all([renewing, released]);

    await expect(
      slots.acquire(oneConnection, STREAM_ROUTES.currentKline, 'connection-6'),
    ).resolves.toMatchObject({ member: 'connection-6' });
  });

  it('should still refuse a second connection while the first holds the only slot', async () => {
    await slots.acquire(oneConnection, STREAM_ROUTES.klines, 'connection-3');
    const refused = await slots
      .acquire(oneConnection, STREAM_ROUTES.klines, 'connection-4')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiException);
    expect((refused as ApiException).getStatus()).toBe(429);
  });
});
