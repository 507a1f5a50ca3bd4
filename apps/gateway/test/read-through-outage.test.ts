import { HISTORY_QUEUE } from '@pds/redis';
import { redisAt, type RedisServer, startRedisServer } from '@pds/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';

const COLD_RANGE = '/api/v1/prices/klines?interval=1m&from=2024-01-01T00:00:00Z&limit=10';

describe('getKlines read-through without cache workers, and with Redis going away', () => {
  let server: RedisServer;
  let harness: GatewayHarness;
  let key: string;

  beforeAll(async () => {
    server = await startRedisServer();
    harness = await gatewayHarness('read-through-outage', redisAt(server.url));
    // What a cache worker writes at start: the history is managed (slot 0 known to be empty).
    await harness.redis.zadd(harness.keys.coverage('btcusdt', '1m'), 0, '0');
    ({ key } = await harness.createKey({ requestsPerMinute: 10_000 }));
    await harness.startGateway({ READ_THROUGH_TIMEOUT_MS: '1000' });
  });

  afterAll(async () => {
    await server.start().catch(() => undefined);
    await harness.close();
    await server.stop();
  });

  // A request never hangs: the answer must come within 5 s, or the fetch is aborted and the test fails.
  const get = () =>
    fetch(`${harness.url()}${COLD_RANGE}`, {
      headers: { 'x-api-key': key },
      signal: AbortSignal.timeout(5000),
    });

  it('should answer 503 with Retry-After when no worker fetches the range in time', async () => {
    const response = await get();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await response.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'History for this range is being fetched from the exchange; retry shortly',
    });
  });

  it('should still answer 503 in time when Redis goes away while the request waits', async () => {
    const connection = new Redis(server.url, { maxRetriesPerRequest: null });
    const queue = new Queue(HISTORY_QUEUE, { connection, prefix: harness.keys.queuePrefix() });
    await queue.obliterate({ force: true });
    const answer = get();
    // The request is waiting once its fill-range job is queued.
    while ((await queue.getWaitingCount()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await queue.close();
    connection.disconnect();
    await server.stop();
    const response = await answer;
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
