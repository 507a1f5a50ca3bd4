import { PRICE, redisAt, type RedisServer, startRedisServer } from '@pds/testing';
import {
  gatewayHarness,
  type GatewayHarness,
  getJson,
  SHIPPED_REQUEST_DEADLINE,
} from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';

describe('Redis going away (CONTRACT section 7)', () => {
  let server: RedisServer;
  let harness: GatewayHarness;
  let key: string;

  beforeAll(async () => {
    server = await startRedisServer();
    harness = await gatewayHarness('outage', redisAt(server.url));
    await seedMarket(harness.redis, harness.keys);
    ({ key } = await harness.createKey({ requestsPerMinute: 10_000 }));
    await harness.startGateway(SHIPPED_REQUEST_DEADLINE);
  });

  afterAll(async () => {
    await harness.close();
    await server.stop();
  });

  const get = (path = PRICE) =>
    // A request never hangs: the answer must come within 1 s, or the fetch is aborted and the test fails.
    fetch(`${harness.url()}${path}`, { headers: { 'x-api-key': key }, signal: AbortSignal.timeout(1000) });

  it('should answer 503 with Retry-After while Redis is down, and 200 again once it is back', async () => {
    expect((await get()).status).toBe(200);
    await server.stop();
    for (const path of [
      PRICE,
      '/api/v1/prices/klines?interval=1m',
      '/api/v1/prices/klines/current?interval=1m',
    ]) {
      const response = await get(path);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await response.json()).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'Storage is unavailable; retry shortly',
      });
    }
    const ready = await getJson(`${harness.url()}/health/ready`);
    expect(ready.status).toBe(503);
    expect((ready.body as { message: string }).message).toContain('redis');

    await server.start();
    // This Redis keeps nothing on disk: put the data and the key back, as a restore would.
    await seedMarket(harness.redis, harness.keys);
    await harness.createKey({ requestsPerMinute: 10_000 }, key);
    // The gateway reconnects by itself; poll until it does (Jest's timeout bounds the wait).
    let status = 0;
    while (status !== 200) status = (await get()).status;
    expect(await (await get()).json()).toMatchObject({ price: '42050.12345678' });
  });
});
