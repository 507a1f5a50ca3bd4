import { performance } from 'node:perf_hooks';
import { eventually, redisAt, type RedisServer, startRedisServer } from '@pds/testing';
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

/** The acceptance's bound on every answer, from sending the request to its arrival. */
const ANSWER_CEILING_MS = 1200;

/** Each request in turn, timed from sending to the whole answer's arrival. */
async function timedRound(url: string, key: string): Promise<{ answer: Answer; ms: number }[]> {
  const timed: { answer: Answer; ms: number }[] = [];
  for (const path of PRICE_OPERATIONS) {
    const started = performance.now();
    const answer = await getWithKey(url, path, key);
    timed.push({ answer, ms: performance.now() - started });
  }
  return timed;
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
    await harness.startGateway({ ...SHIPPED_REQUEST_DEADLINE, REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
    url = harness.url();
  });

  afterAll(async () => {
    await harness.close();
    await proxy.close();
    await server.dispose();
  });

  it('should answer every request within the bound: 200 or 503 at 300 ms per reply, 503 when Redis is silent', async () => {
    expect((await timedRound(url, key)).map(({ answer }) => answer.status)).toEqual([200, 200, 200]);
    for (const delayMs of [300, 3000]) {
      proxy.delayMs = delayMs;
      for (const { answer, ms } of await timedRound(url, key)) {
        expect(ms).toBeLessThan(ANSWER_CEILING_MS);
        if (answer.status !== 200) expectStorageUnavailable(answer);
        if (delayMs === 3000) expect(answer.status).toBe(503);
      }
    }
  });

  it('should refuse a WebSocket admission within the bound when Redis is silent', async () => {
    proxy.delayMs = 3000;
    const started = performance.now();
    const { client, first } = await connect(wsUrl(url, PRICE_OPERATIONS[0] ?? '', { apiKey: key }));
    const closed = await client.closedWithin();
    expect(performance.now() - started).toBeLessThan(ANSWER_CEILING_MS);
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
    expect((await timedRound(url, key)).map(({ answer }) => answer.status)).toEqual([200, 200, 200]);
  });
});
