import type { Interval, Kline } from '@pds/market';
import { type GatewayHarness, getJson } from './support/gateway-harness';
import { pagesSpanned, type Sim } from './support/history-stack';
import { type ReadThroughStack, startReadThroughStack } from './support/read-through-stack';

const PAGE = 1000;
const iso = (time: number): string => new Date(time).toISOString();

/** Binance BTCUSDT's 2018-02-08 halt with its cut and off-grid klines, and its 2020-02-19 halt. */
const RANGES = [
  {
    name: '2018-02-07 → 2018-02-12',
    from: Date.parse('2018-02-07T00:00:00Z'),
    to: Date.parse('2018-02-12T00:00:00Z'),
  },
  {
    name: '2020-02-19',
    from: Date.parse('2020-02-19T00:00:00Z'),
    to: Date.parse('2020-02-19T23:59:59.999Z'),
  },
];
const INTERVALS: readonly Interval[] = ['1h', '1m', '1d'];

describe('getKlines over the exchange’s halts (holes, cut and off-grid klines)', () => {
  let stack: ReadThroughStack;
  let harness: GatewayHarness;
  let sim: Sim;
  let headers: Record<string, string>;

  beforeAll(async () => {
    stack = await startReadThroughStack('read-through-halts', 100_000);
    ({ harness, sim, headers } = stack);
  });

  afterAll(async () => {
    await stack.close();
  });

  /** Every kline of [from, to] through the gateway, a page of 1000 at a time; every answer a 200. */
  async function readAll(interval: Interval, from: number, to: number): Promise<Kline[]> {
    const klines: Kline[] = [];
    let cursor = from;
    for (;;) {
      const query = `interval=${interval}&from=${iso(cursor)}&to=${iso(to)}&limit=${PAGE}`;
      const response = await getJson(`${harness.url()}/api/v1/prices/klines?${query}`, headers);
      expect(response.status).toBe(200);
      const page = (response.body as { klines: Kline[] }).klines;
      klines.push(...page);
      const last = page.at(-1);
      if (page.length < PAGE || !last) return klines;
      cursor = Date.parse(last.openTime) + 1;
    }
  }

  describe.each(RANGES)('$name', ({ from, to }) => {
    it.each(INTERVALS)(
      'serves %s exactly as the exchange has it, cold then stored, fetching a bounded number of pages',
      async (interval) => {
        const exchange = await sim.history(interval, from, to);
        const before = (await sim.stats()).klinesRequests;
        const cold = await readAll(interval, from, to);
        const fetched = (await sim.stats()).klinesRequests - before;
        expect(cold).toEqual(exchange);
        const openTimes = cold.map((kline) => kline.openTime);
        expect(new Set(openTimes).size).toBe(openTimes.length);
        expect([...openTimes].sort()).toEqual(openTimes);
        // One forward page per aligned page of the range, a backward probe per hole at most.
        expect(fetched).toBeLessThanOrEqual(2 * pagesSpanned(from, to, interval) + 2);

        const stored = (await sim.stats()).klinesRequests;
        expect(await readAll(interval, from, to)).toEqual(exchange);
        expect((await sim.stats()).klinesRequests).toBe(stored);
      },
    );
  });

  it('answers a window inside a hole with no klines, and counts back across it from `to`', async () => {
    const inside = 'interval=1m&from=2018-02-08T05:00:00Z&to=2018-02-08T06:00:00Z';
    const hole = await getJson(`${harness.url()}/api/v1/prices/klines?${inside}`, headers);
    expect(hole).toMatchObject({ status: 200, body: { klines: [] } });
    const before = (await sim.stats()).klinesRequests;
    const again = await getJson(`${harness.url()}/api/v1/prices/klines?${inside}`, headers);
    expect(again).toMatchObject({ status: 200, body: { klines: [] } });
    expect((await sim.stats()).klinesRequests).toBe(before);

    const to = Date.parse('2020-02-19T17:31:00Z');
    const back = await getJson(
      `${harness.url()}/api/v1/prices/klines?interval=1m&to=${iso(to)}&limit=5`,
      headers,
    );
    expect(back.status).toBe(200);
    expect((back.body as { klines: Kline[] }).klines).toEqual(
      await sim.klines('1m', { endTime: to, limit: 5 }),
    );
  });

  it('serves the cut kline and the off-grid ones with the exchange’s own times, counted by limit', async () => {
    const query = `interval=1h&from=2018-02-08T00:00:00Z&limit=3`;
    const response = await getJson(`${harness.url()}/api/v1/prices/klines?${query}`, headers);
    const klines = (response.body as { klines: Kline[] }).klines;
    expect(klines.map((kline) => [kline.openTime, kline.closeTime])).toEqual([
      ['2018-02-08T00:00:00.000Z', '2018-02-08T00:28:14.788Z'],
      ['2018-02-09T09:28:14.789Z', '2018-02-09T10:28:14.788Z'],
      ['2018-02-09T10:28:14.789Z', '2018-02-09T11:28:14.788Z'],
    ]);
    const realign = `interval=1h&from=2018-02-11T03:00:00Z&to=2018-02-11T04:00:00Z`;
    const around = await getJson(`${harness.url()}/api/v1/prices/klines?${realign}`, headers);
    expect(
      (around.body as { klines: Kline[] }).klines.map((kline) => [kline.openTime, kline.closeTime]),
    ).toEqual([
      ['2018-02-11T03:28:14.789Z', '2018-02-11T04:00:00.999Z'],
      ['2018-02-11T04:00:00.000Z', '2018-02-11T04:59:59.999Z'],
    ]);
  });
});
