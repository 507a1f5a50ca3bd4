import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';

const SYMBOL = 'symbol must be one of the following values: btcusdt';
const INTERVAL = 'interval must be one of the following values: 1m, 5m, 15m, 30m, 1h, 4h, 6h, 12h, 1d';
const LIMIT = 'limit must be an integer between 1 and 1000';

describe('query validation (CONTRACT section 2)', () => {
  let harness: GatewayHarness;
  let headers: Record<string, string>;

  beforeAll(async () => {
    harness = await gatewayHarness('validation');
    await seedMarket(harness.redis, harness.keys);
    const { key } = await harness.createKey({ requestsPerMinute: 10_000 });
    headers = { 'x-api-key': key };
    await harness.startGateway();
  });

  afterAll(() => harness.close());

  const expect400 = async (path: string, message: string): Promise<void> => {
    const response = await getJson(`${harness.url()}${path}`, headers);
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { code: 'VALIDATION_ERROR', message },
    });
  };

  it.each([
    ['/api/v1/prices/current?symbol=ethusdt'],
    ['/api/v1/prices/current?symbol=BTCUSDT'],
    ['/api/v1/prices/klines?interval=1m&symbol=btc'],
    ['/api/v1/prices/klines/current?interval=1m&symbol=null'],
  ])('should refuse symbol in %s', (path) => expect400(path, SYMBOL));

  it.each([
    ['/api/v1/prices/klines'],
    ['/api/v1/prices/klines?interval=2m'],
    ['/api/v1/prices/klines?interval='],
    ['/api/v1/prices/klines/current'],
    ['/api/v1/prices/klines/current?interval=1M'],
  ])('should refuse a missing or unknown interval in %s', (path) => expect400(path, INTERVAL));

  it.each(['1e3', '0x10', '10.0', '12abc', '-1', '0', '1001', '+5', '%201'])(
    'should refuse limit=%s',
    (limit) => expect400(`/api/v1/prices/klines?interval=1m&limit=${limit}`, LIMIT),
  );

  it('should refuse a repeated parameter', () =>
    expect400('/api/v1/prices/klines?interval=1m&limit=5&limit=6', 'limit must be given once'));

  it.each([
    ['from', '2024-02-30T00:00:00Z'],
    ['from', '2024-13-45T00:00:00Z'],
    ['from', '2024-01-01'],
    ['to', '2024-01-01T00:00:00'],
    ['to', 'yesterday'],
  ])('should refuse %s=%s', (name, value) =>
    expect400(`/api/v1/prices/klines?interval=1m&${name}=${value}`, `${name} must be an ISO 8601 date-time`),
  );

  it('should refuse from later than to', () =>
    expect400(
      '/api/v1/prices/klines?interval=1m&from=2024-01-02T00:00:00Z&to=2024-01-01T00:00:00Z',
      'from must not be later than to',
    ));

  it('should list every failing parameter in one message, joined with "; "', () =>
    expect400(
      '/api/v1/prices/klines?symbol=x&interval=7m&limit=0&from=2024-02-30T00:00:00Z&to=2024-01-01',
      [
        SYMBOL,
        INTERVAL,
        LIMIT,
        'from must be an ISO 8601 date-time',
        'to must be an ISO 8601 date-time',
      ].join('; '),
    ));

  it('should ignore unknown parameters', async () => {
    const response = await getJson(
      `${harness.url()}/api/v1/prices/klines?interval=1m&_=123&foo=bar`,
      headers,
    );
    expect(response.status).toBe(200);
  });

  it('should accept the edges of every rule', async () => {
    for (const query of [
      'interval=1m&limit=1',
      'interval=1m&limit=1000',
      'interval=1m&from=2024-01-01T00:00:00.000Z&to=2024-01-01T00:00:00.000Z',
      'interval=1m&from=2024-02-29T00:00:00%2B05:30',
    ]) {
      const response = await getJson(`${harness.url()}/api/v1/prices/klines?${query}`, headers);
      expect({ query, status: response.status }).toEqual({ query, status: 200 });
    }
  });
});
