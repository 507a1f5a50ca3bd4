import { eventually, redisAt, type RedisServer, startRedisServer, UNHURRIED_REDIS } from '@pds/testing';
import { gatewayHarness, type GatewayHarness, SHIPPED_REQUEST_DEADLINE } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';
import { type SlowProxy, startSlowProxy } from './support/slow-proxy';
import { connect, wsUrl } from './support/ws-client';
import {
  type Answer,
  expectStorageUnavailable,
  getWithKey,
  PRICE_OPERATIONS,
} from './support/storage-answers';

/**
 * Each request in turn. How long an answer took is not asserted (a busy machine moves it): a 503
 * while every Redis reply is held back 3 s, with the deadline at 800 ms and each Redis command
 * allowed 10 s, shows the deadline answered, since waiting for Redis would have given a 200.
 */
async function round(url: string, key: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const path of PRICE_OPERATIONS) answers.push(await getWithKey(url, path, key));
  return answers;
}

describe('A slow Redis (through a proxy that holds back every reply)', () => {
  let server: RedisServer;
  let proxy: SlowProxy;
  let harness: GatewayHarness;
  let key: string;
  let url: string;

  beforeAll(async () => {
    server = await startRedisServer();
    proxy = await startSlowProxy(server.port);
    harness = await gatewayHarness('slow-redis', redisAt(server.url));
    await seedMarket(harness.redis, harness.keys);
    ({ key } = await harness.createKey({ requestsPerMinute: 10_000 }));
    await harness.startGateway({
      ...SHIPPED_REQUEST_DEADLINE,
      ...UNHURRIED_REDIS,
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
    });
    url = harness.url();
  });

  afterAll(async () => {
    await harness.close();
    await proxy.close();
    await server.dispose();
  });

  it('should answer every request by its deadline: 200 or 503 at 300 ms per reply, 503 when Redis is silent', async () => {
    expect((await round(url, key)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const delayMs of [300, 3000]) {
      proxy.delayMs = delayMs;
      for (const answer of await round(url, key)) {
        if (answer.status !== 200) expectStorageUnavailable(answer);
        if (delayMs === 3000) expect(answer.status).toBe(503);
      }
    }
  });

  it('should refuse a WebSocket admission by its deadline when Redis is silent', async () => {
    proxy.delayMs = 3000;
    const { client, first } = await connect(wsUrl(url, PRICE_OPERATIONS[0] ?? '', { apiKey: key }));
    const closed = await client.closedWithin();
    expect(first).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Storage is unavailable; retry shortly' });
    expect(closed.code).toBe(1013);
  });

  it('should answer 200 again as soon as Redis is fast', async () => {
    proxy.delayMs = 0;
    // Replies held back before the change still arrive late; the first fast reply ends the wait.
    await eventually(
      async () => ((await getWithKey(url, PRICE_OPERATIONS[0] ?? '', key)).status === 200 ? true : undefined),
      'a 200 once Redis is fast',
    );
    expect((await round(url, key)).map((answer) => answer.status)).toEqual([200, 200, 200]);
  });
});
