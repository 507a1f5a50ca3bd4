import { connect, wsUrl } from '@pds/testing';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';

/**
 * The index operations' checks, on a gateway alone (no ingestor, so no index yet): the same keys,
 * validation and limits as the price operations, with rate-limit buckets of their own.
 */
describe('index operations: keys, validation, limits and the answer before any index', () => {
  let harness: GatewayHarness;

  beforeAll(async () => {
    harness = await gatewayHarness('index-checks');
    await harness.startGateway();
  });

  afterAll(() => harness.close());

  const get = (path: string, key?: string) =>
    getJson(`${harness.url()}${path}`, key === undefined ? {} : { 'x-api-key': key });

  it('refuses a missing key with 401 and a bad query with the price klines’ 400s, on REST and WebSocket', async () => {
    const noKey = await get('/api/v1/index/current');
    expect([noKey.status, (noKey.body as { code: string }).code]).toEqual([401, 'UNAUTHORIZED']);
    const { key } = await harness.createKey();
    const invalid = await get('/api/v1/index/klines?interval=2m&limit=0', key);
    expect([invalid.status, invalid.body]).toEqual([
      400,
      {
        code: 'VALIDATION_ERROR',
        message:
          'interval must be one of the following values: 1m, 5m, 15m, 30m, 1h, 4h, 6h, 12h, 1d; limit must be an integer between 1 and 1000',
      },
    ]);
    const reversed = await get(
      '/api/v1/index/klines?interval=1m&from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z',
      key,
    );
    expect(reversed.body).toEqual({ code: 'VALIDATION_ERROR', message: 'from must not be later than to' });
    const { client, first } = await connect(
      wsUrl(harness.url(), '/api/v1/index/klines', { apiKey: key, interval: '2m' }),
    );
    expect(first.code).toBe('VALIDATION_ERROR');
    expect((await client.closedWithin()).code).toBe(4400);
  });

  it('answers 503 INDEX_UNAVAILABLE before any index was computed, and an empty range as no klines', async () => {
    const { key } = await harness.createKey();
    const current = await get('/api/v1/index/current', key);
    expect([current.status, (current.body as { code: string }).code]).toEqual([503, 'INDEX_UNAVAILABLE']);
    expect(current.headers.get('retry-after')).toBe('1');
    const latest = await get('/api/v1/index/klines?interval=1m', key);
    expect(latest.status).toBe(503);
    const range = await get('/api/v1/index/klines?interval=1m&from=2026-01-01T00:00:00Z', key);
    expect([range.status, range.body]).toEqual([200, { klines: [] }]);
  });

  it('counts each index operation in its own bucket, apart from the prices', async () => {
    const { key } = await harness.createKey({ requestsPerMinute: 2 });
    const statuses: number[] = [];
    for (let call = 0; call < 3; call += 1) statuses.push((await get('/api/v1/index/current', key)).status);
    expect(statuses).toEqual([503, 503, 429]);
    const limited = await get('/api/v1/index/current', key);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
    expect((await get('/api/v1/index/klines?interval=1m&from=2026-01-01T00:00:00Z', key)).status).toBe(200);
    expect((await get('/api/v1/prices/current', key)).status).not.toBe(429);
  });
});
