import { intervalMs, type Kline } from '@pds/market';
import type { RunningApp } from '@pds/testing';
import { type GatewayHarness, getJson, type JsonResponse } from './support/gateway-harness';
import { isContiguous, pagesSpanned, type Sim } from './support/history-stack';
import { type ReadThroughStack, startReadThroughStack } from './support/read-through-stack';

const MINUTE = intervalMs('1m');
const TWO_YEARS_MS = 2 * 365 * 24 * 3_600_000;

describe('getKlines read-through for old ranges (acceptance 2 and 3)', () => {
  let stack: ReadThroughStack;
  let harness: GatewayHarness;
  let sim: Sim;
  let cache: RunningApp;
  let headers: Record<string, string>;
  // Two years back, not on a page boundary: a window of 1000 spans two aligned pages.
  const twoYearsBack = Math.floor((Date.now() - TWO_YEARS_MS) / MINUTE) * MINUTE + 321 * MINUTE;

  beforeAll(async () => {
    stack = await startReadThroughStack('read-through-ranges', 10_000);
    ({ harness, sim, cache, headers } = stack);
  });

  afterAll(async () => {
    await stack.close();
  });

  const get = (query: string, gateway = 0): Promise<JsonResponse> =>
    getJson(`${harness.url(gateway)}/api/v1/prices/klines?${query}`, headers);
  const klinesOf = (response: JsonResponse): Kline[] => (response.body as { klines: Kline[] }).klines;
  const iso = (time: number): string => new Date(time).toISOString();

  it('should answer a range two years back on its first request, equal to the exchange', async () => {
    const before = (await sim.stats()).klinesRequests;
    const response = await get(`interval=1m&limit=1000&from=${iso(twoYearsBack)}`);
    expect(response.status).toBe(200);
    const klines = klinesOf(response);
    expect(klines).toHaveLength(1000);
    expect(isContiguous(klines, '1m')).toBe(true);
    const fetched = (await sim.stats()).klinesRequests - before;
    expect(fetched).toBe(pagesSpanned(twoYearsBack, twoYearsBack + 999 * MINUTE, '1m'));
    expect(klines).toEqual(await sim.klines('1m', { startTime: twoYearsBack, limit: 1000 }));

    const again = (await sim.stats()).klinesRequests;
    const second = await get(`interval=1m&limit=1000&from=${iso(twoYearsBack)}`);
    expect(second.body).toEqual(response.body);
    expect((await sim.stats()).klinesRequests).toBe(again);
  });

  it('should fetch each page once for twenty concurrent identical cold requests', async () => {
    const to = twoYearsBack + 30 * 24 * 60 * MINUTE + 17 * MINUTE;
    const query = `interval=1m&limit=1000&to=${iso(to)}`;
    const before = (await sim.stats()).klinesRequests;
    const responses = await Promise.all(Array.from({ length: 20 }, () => get(query)));
    const fetched = (await sim.stats()).klinesRequests - before;
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((response) => JSON.stringify(response.body))).size).toBe(1);
    expect(fetched).toBe(pagesSpanned(to - 999 * MINUTE, to, '1m'));
    const klines = klinesOf(responses[0]!);
    expect(klines).toEqual(await sim.klines('1m', { endTime: to, limit: 1000 }));
  });

  it('should answer a range before the listing with no klines', async () => {
    const response = await get('interval=1h&from=2015-01-01T00:00:00Z&to=2015-06-01T00:00:00Z');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ klines: [] });
    const before = await get('interval=1d&to=2016-01-01T00:00:00Z&limit=10');
    expect(before.body).toEqual({ klines: [] });
  });

  it('should start at the listing for a `from` before it', async () => {
    const response = await get('interval=1m&from=2017-01-01T00:00:00Z&limit=5');
    expect(response.status).toBe(200);
    expect(klinesOf(response)).toEqual(await sim.klines('1m', { startTime: 0, limit: 5 }));
  });

  it('should answer 503 with Retry-After, not a partial list, when the history does not come in time', async () => {
    await harness.startGateway({ READ_THROUGH_TIMEOUT_MS: '300' });
    await cache.stop();
    const response = await get(`interval=1m&limit=1000&from=${iso(twoYearsBack - 5000 * MINUTE)}`, 1);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(response.body).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'History for this range is being fetched from the exchange; retry shortly',
    });
  });
});
