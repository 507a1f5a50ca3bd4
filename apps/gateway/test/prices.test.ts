import type { Kline } from '@pds/market';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { FIXTURE_START, type MarketFixture, MINUTE, seedMarket } from './support/market-fixture';

const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DECIMAL = /^\d+\.\d+$/;

describe('the three price operations (HTTP, real Redis)', () => {
  let harness: GatewayHarness;
  let fixture: MarketFixture;
  let headers: Record<string, string>;

  beforeAll(async () => {
    harness = await gatewayHarness('prices');
    fixture = await seedMarket(harness.redis, harness.keys, 10);
    const { key } = await harness.createKey({ requestsPerMinute: 10_000 });
    headers = { 'x-api-key': key };
    await harness.startGateway();
  });

  afterAll(() => harness.close());

  const klinesOf = async (query: string): Promise<Kline[]> => {
    const response = await getJson(`${harness.url()}/api/v1/prices/klines?${query}`, headers);
    expect(response.status).toBe(200);
    return (response.body as { klines: Kline[] }).klines;
  };
  const at = (index: number): string => new Date(FIXTURE_START + index * MINUTE).toISOString();
  const indexes = (klines: Kline[]): number[] =>
    klines.map((k) => (Date.parse(k.openTime) - FIXTURE_START) / MINUTE);

  it('should answer getCurrentPrice with the stored price string and an ISO time', async () => {
    const response = await getJson(`${harness.url()}/api/v1/prices/current`, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toEqual({ price: '42050.12345678', time: '2024-01-01T00:10:30.123Z' });
    const body = response.body as { price: string; time: string };
    expect(body.price).toMatch(DECIMAL);
    expect(body.time).toMatch(ISO_MS_Z);
  });

  it('should answer alike on the exact path (the price lane) and on another form of it (Nest’s route)', async () => {
    const remaining = (response: { headers: Headers }): number =>
      Number(response.headers.get('x-ratelimit-remaining'));
    const exact = await getJson(`${harness.url()}/api/v1/prices/current`, headers);
    const encoded = await getJson(`${harness.url()}/api/v1/prices/%63urrent`, headers);
    expect([exact.status, encoded.status]).toEqual([200, 200]);
    expect(encoded.body).toEqual(exact.body);
    // One limit for both: each answer counted once, in the same window.
    expect(remaining(encoded)).toBe(remaining(exact) - 1);
    const refused = await Promise.all(
      ['klines', '%6Blines'].map((path) =>
        getJson(`${harness.url()}/api/v1/prices/${path}?interval=7m`, headers),
      ),
    );
    expect(refused.map((response) => response.status)).toEqual([400, 400]);
    expect(refused[1]?.body).toEqual(refused[0]?.body);
  });

  it('should answer getCurrentKline with the open kline, not wrapped, in the Kline shape', async () => {
    const response = await getJson(`${harness.url()}/api/v1/prices/klines/current?interval=1m`, headers);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(fixture.open);
    const kline = response.body as Kline;
    expect(Object.keys(kline)).toEqual([
      'openTime',
      'closeTime',
      'open',
      'high',
      'low',
      'close',
      'volume',
      'trades',
      'isClosed',
    ]);
    expect(kline.openTime).toMatch(ISO_MS_Z);
    expect(kline.closeTime).toBe(new Date(Date.parse(kline.openTime) + MINUTE - 1).toISOString());
    expect(Number.isInteger(kline.trades)).toBe(true);
    expect(kline.isClosed).toBe(false);
  });

  it('should default symbol to btcusdt when it is empty', async () => {
    const response = await getJson(
      `${harness.url()}/api/v1/prices/klines/current?interval=1m&symbol=`,
      headers,
    );
    expect(response.body).toEqual(fixture.open);
  });

  it('should answer getKlines without bounds with the most recent klines, the open one last', async () => {
    const klines = await klinesOf('interval=1m');
    expect(klines).toEqual([...fixture.closed, fixture.open]);
    expect(klines.slice(0, -1).every((k) => k.isClosed)).toBe(true);
    expect(klines.at(-1)?.isClosed).toBe(false);
  });

  it('should keep the last limit klines without bounds', async () => {
    expect(indexes(await klinesOf('interval=1m&limit=3'))).toEqual([8, 9, 10]);
  });

  it('should keep the first limit klines from an inclusive from', async () => {
    expect(indexes(await klinesOf(`interval=1m&from=${at(4)}&limit=3`))).toEqual([4, 5, 6]);
  });

  it('should reach the open kline when from is recent', async () => {
    expect(indexes(await klinesOf(`interval=1m&from=${at(9)}`))).toEqual([9, 10]);
  });

  it('should keep the last limit klines up to an inclusive to', async () => {
    expect(indexes(await klinesOf(`interval=1m&to=${at(4)}&limit=3`))).toEqual([2, 3, 4]);
  });

  it('should keep the first limit klines in an inclusive [from, to]', async () => {
    expect(indexes(await klinesOf(`interval=1m&from=${at(2)}&to=${at(5)}`))).toEqual([2, 3, 4, 5]);
    expect(indexes(await klinesOf(`interval=1m&from=${at(2)}&to=${at(5)}&limit=2`))).toEqual([2, 3]);
  });

  it('should include the open kline when to is its openTime', async () => {
    expect(indexes(await klinesOf(`interval=1m&from=${at(9)}&to=${at(10)}`))).toEqual([9, 10]);
  });

  it('should compare bounds with openTime, not closeTime, also across time zones', async () => {
    // 01:04:30+01:00 is 00:04:30Z: the kline opening at 00:04 is before it, the one at 00:05 after.
    expect(indexes(await klinesOf('interval=1m&from=2024-01-01T01:04:30%2B01:00&limit=2'))).toEqual([5, 6]);
    expect(indexes(await klinesOf('interval=1m&to=2024-01-01T01:04:30%2B01:00&limit=2'))).toEqual([3, 4]);
  });

  it('should give an empty list for a range with no klines', async () => {
    expect(await klinesOf('interval=1m&to=2023-12-31T23:59:00Z')).toEqual([]);
    expect(indexes(await klinesOf(`interval=1m&from=${at(2)}&to=${at(2)}`))).toEqual([2]);
  });

  it('should keep decimal strings exactly as stored', async () => {
    const [first] = await klinesOf('interval=1m&limit=1&from=2024-01-01T00:00:00Z');
    expect(first).toEqual(fixture.closed[0]);
    expect(first?.open).toBe('42000.00000001');
  });
});
