import type { Kline } from '@pds/market';
import { refusedPageMember } from '@pds/redis';
import {
  ROW_DAMAGES,
  type RowDamage,
  type RowDamagingProxy,
  type RunningApp,
  scrapeMetrics,
  startRowDamagingProxy,
} from '@pds/testing';
import { type GatewayHarness, getJson } from './support/gateway-harness';
import { type Sim } from './support/history-stack';
import { type ReadThroughStack, startReadThroughStack } from './support/read-through-stack';

const PAGE = 1000;
const DAY = 86_400_000;
const iso = (time: number): string => new Date(time).toISOString();
const REFUSED = 'pds_exchange_frames_refused_total';

/** One day of 1m klines per damage, each its own range so nothing of another case is stored. */
const CASES = (Object.keys(ROW_DAMAGES) as RowDamage[]).map((damage, index) => ({
  damage,
  reason: ROW_DAMAGES[damage].reason,
  from: Date.parse('2024-03-01T00:00:00Z') + index * 2 * DAY,
}));

describe('getKlines when the exchange’s REST damages one row of each page (CONTRACT section 11)', () => {
  let stack: ReadThroughStack;
  let harness: GatewayHarness;
  let sim: Sim;
  let proxy: RowDamagingProxy;
  let cache: RunningApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    stack = await startReadThroughStack('read-through-refused-rows', 100_000, async (exchange) => {
      proxy = await startRowDamagingProxy(exchange.restUrl);
      return proxy.url;
    });
    ({ harness, sim, cache, headers } = stack);
  });

  afterAll(async () => {
    await stack.close();
    await proxy.close();
  });

  /** Every 1m kline of [from, to] through the gateway, a page of 1000 at a time; every answer a 200. */
  async function readAll(from: number, to: number): Promise<Kline[]> {
    const klines: Kline[] = [];
    let cursor = from;
    for (;;) {
      const query = `interval=1m&from=${iso(cursor)}&to=${iso(to)}&limit=${PAGE}`;
      const response = await getJson(`${harness.url()}/api/v1/prices/klines?${query}`, headers);
      expect(response).toMatchObject({ status: 200 });
      const page = (response.body as { klines: Kline[] }).klines;
      klines.push(...page);
      const last = page.at(-1);
      if (page.length < PAGE || !last) return klines;
      cursor = Date.parse(last.openTime) + 1;
    }
  }

  async function refusedCount(reason: string): Promise<number> {
    return (await scrapeMetrics(cache)).value(REFUSED, { exchange: 'binance', reason }) ?? 0;
  }

  it.each(CASES)(
    'should serve the range without the damaged slot, ask nothing again and count the refusal, when one row has $damage',
    async ({ damage, reason, from }) => {
      const to = from + DAY - 60_000;
      proxy.damage = damage;
      const damagedBefore = proxy.damaged.length;
      const countedBefore = await refusedCount(reason);

      const served = await readAll(from, to);

      const damaged = proxy.damaged.slice(damagedBefore);
      const inRange = damaged.filter((time) => time >= from && time <= to);
      expect(inRange.length).toBeGreaterThan(0);
      const exchange = await sim.history('1m', from, to);
      const expected = exchange.filter((kline) => !inRange.includes(Date.parse(kline.openTime)));
      expect(served).toEqual(expected);
      expect(await refusedCount(reason)).toBeGreaterThanOrEqual(countedBefore + damaged.length);

      const requests = (await sim.stats()).klinesRequests;
      expect(await readAll(from, to)).toEqual(expected);
      expect((await sim.stats()).klinesRequests).toBe(requests);
    },
  );

  it('should ask a page with refused rows again once its 10 minutes have passed, once, and serve the range meanwhile', async () => {
    const from = Date.parse('2024-03-01T00:00:00Z') + CASES.length * 2 * DAY;
    const to = from + DAY - 60_000;
    proxy.damage = 'high-below-low';
    const damagedBefore = proxy.damaged.length;
    await readAll(from, to);
    // As if 10 minutes had passed: each refused page of the range may be asked again now.
    const key = harness.keys.refusedPages('btcusdt', '1m');
    const records = await harness.redis.zrangebyscore(key, from - PAGE * 60_000, to, 'WITHSCORES');
    expect(records.length).toBeGreaterThan(0);
    for (let index = 0; index + 1 < records.length; index += 2) {
      const [member = '', score = '0'] = [records[index], records[index + 1]];
      await harness.redis.zrem(key, member);
      await harness.redis.zadd(key, score, refusedPageMember(Number(member.split(':')[0]), Date.now() - 1));
    }
    const pages = records.length / 2;

    const before = (await sim.stats()).klinesRequests;
    const served = await readAll(from, to);
    const asked = (await sim.stats()).klinesRequests - before;

    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThanOrEqual(pages);
    const damaged = new Set(proxy.damaged.slice(damagedBefore));
    const exchange = await sim.history('1m', from, to);
    const servedTimes = new Set(served.map((kline) => kline.openTime));
    expect(
      served.every((kline) => exchange.some((each) => JSON.stringify(each) === JSON.stringify(kline))),
    ).toBe(true);
    expect(
      exchange
        .filter((kline) => !servedTimes.has(kline.openTime))
        .every((kline) => damaged.has(Date.parse(kline.openTime))),
    ).toBe(true);
    const again = (await sim.stats()).klinesRequests;
    await readAll(from, to);
    expect((await sim.stats()).klinesRequests).toBe(again);
  });
});
