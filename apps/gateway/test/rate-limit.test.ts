import { PRICE, scrapeMetrics } from '@pds/testing';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';

const KLINE = '/api/v1/prices/klines/current?interval=1m';

describe('per-key rate limits in Redis (CONTRACT section 5)', () => {
  let harness: GatewayHarness;

  beforeAll(async () => {
    harness = await gatewayHarness('rate-limit');
    await seedMarket(harness.redis, harness.keys);
    await harness.startGateway();
    await harness.startGateway();
  });

  afterAll(() => harness.close());

  const get = (gateway: number, path: string, key: string) =>
    getJson(`${harness.url(gateway)}${path}`, { 'x-api-key': key });

  it('should let 40 requests through, answer the 41st with 429 (with the limit headers too), and keep other buckets open', async () => {
    const { key } = await harness.createKey();
    for (let request = 1; request <= 40; request += 1) {
      const response = await get(0, PRICE, key);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('40');
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(40 - request));
      expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    }
    const refused = await get(0, PRICE, key);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('40');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String(retryAfter));
    expect(refused.body).toEqual({
      code: 'RATE_LIMIT_EXCEEDED',
      message: `Rate limit of 40 requests per minute exceeded. Retry after ${retryAfter} seconds.`,
    });
    expect((await get(0, KLINE, key)).status).toBe(200);
    const other = await harness.createKey();
    expect((await get(0, PRICE, other.key)).status).toBe(200);
  });

  it('should count a request that fails validation', async () => {
    const { key } = await harness.createKey({ requestsPerMinute: 2 });
    expect((await get(0, '/api/v1/prices/klines?interval=bad', key)).status).toBe(400);
    expect((await get(0, '/api/v1/prices/klines?interval=bad', key)).status).toBe(400);
    expect((await get(0, '/api/v1/prices/klines?interval=1m', key)).status).toBe(429);
  });

  it('should apply a key of its own limit', async () => {
    const { key } = await harness.createKey({ requestsPerMinute: 3 });
    const statuses = [];
    for (let request = 0; request < 4; request += 1) statuses.push((await get(0, PRICE, key)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('should let exactly 40 requests of one key through two gateway processes together, not 80', async () => {
    const { key } = await harness.createKey();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, request) => get(request % 2, KLINE, key)),
    );
    const byStatus = (status: number) => responses.filter((response) => response.status === status).length;
    expect(byStatus(200)).toBe(40);
    expect(byStatus(429)).toBe(60);
  });

  it('should let exactly its limit through two gateway processes for a busy key whose hits are allotted ahead', async () => {
    const limit = 6000;
    const { key, id } = await harness.createKey({ requestsPerMinute: limit });
    // The window already holds most of the minute's hits, as if sent earlier in it: the rest and
    // the 100 past it then fit well inside the window on a busy machine (6,100 requests may not).
    const spent = 4000;
    await harness.redis.set(harness.keys.rateLimit(id, 'getCurrentPrice'), spent, 'PX', 60_000);
    const statuses = new Map<number, number>();
    for (let sent = spent; sent < limit + 100; sent += 100) {
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, request) => get(request % 2, PRICE, key)),
      );
      for (const { status, headers } of responses) {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const remaining = Number(headers.get('x-ratelimit-remaining'));
        expect(remaining).toBeGreaterThanOrEqual(0);
        expect(remaining).toBeLessThan(limit);
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: limit - spent, 429: 100 });
    const scrapes = await Promise.all(harness.gateways.map((gateway) => scrapeMetrics(gateway)));
    const answeredBy = (answered: string) =>
      scrapes.reduce(
        (sum, scrape) => sum + (scrape.value('pds_rate_limit_hits_total', { answered }) ?? 0),
        0,
      );
    // A busy key's hits are allotted at all; what share an allotment absorbs depends on how fast
    // requests arrive, a figure for the bench's report (`allotted`), not for a test on a busy machine.
    expect(answeredBy('allotment')).toBeGreaterThanOrEqual(1);
  });

  it('should count requests of several keys arriving together exactly, each hit once', async () => {
    const keys = await Promise.all([1, 2, 3].map(() => harness.createKey({ requestsPerMinute: 30 })));
    const responses = await Promise.all(
      keys.flatMap(({ key }) =>
        Array.from({ length: 40 }, async () => ({ key, ...(await get(0, PRICE, key)) })),
      ),
    );
    for (const { key } of keys) {
      const ofKey = responses.filter((response) => response.key === key);
      const remaining = ofKey
        .filter((response) => response.status === 200)
        .map((response) => Number(response.headers.get('x-ratelimit-remaining')))
        .sort((a, b) => a - b);
      expect(remaining).toEqual(Array.from({ length: 30 }, (_, index) => index));
      expect(ofKey.filter((response) => response.status === 429)).toHaveLength(10);
    }
  });
});
