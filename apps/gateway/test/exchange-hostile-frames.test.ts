import { type Kline, type Price } from '@pds/market';
import { connect, eventually, type Sim, type StreamClient, wsUrl } from '@pds/testing';
import { BINANCE_CASES, type HostileCase, KRAKEN_CASES } from './support/hostile-frames';
import { hostileStack, type HostileStack, servedFollows } from './support/hostile-stack';
import { watchingSourceLabels } from './support/source-labels';

jest.setTimeout(4 * 60_000);

const MINUTE = 60_000;

/** What a served kline must satisfy whatever an exchange sent (CONTRACT section 11). */
function klineFaults(kline: Kline): string[] {
  const [open, high, low, close, volume] = [kline.open, kline.high, kline.low, kline.close, kline.volume].map(
    Number,
  ) as [number, number, number, number, number];
  const faults: string[] = [];
  if (!(low > 0) || !(high >= Math.max(open, close, low)) || !(low <= Math.min(open, close))) {
    faults.push(`${kline.openTime}: o ${kline.open} h ${kline.high} l ${kline.low} c ${kline.close}`);
  }
  if (!(volume >= 0)) faults.push(`${kline.openTime}: volume ${kline.volume}`);
  return faults;
}

/** What a served price must satisfy: above zero, not ahead of the exchange clock, never going back. */
function priceFaults(prices: readonly Price[], now: number): string[] {
  return prices.flatMap((price, index) => {
    const time = Date.parse(price.time);
    const previous = index > 0 ? Date.parse(prices[index - 1]?.time ?? '') : -Infinity;
    return !(Number(price.price) > 0) || !(time <= now + MINUTE) || time < previous
      ? [`${price.price} at ${price.time}`]
      : [];
  });
}

describe('no frame from an exchange freezes, falsifies or stops the service (issue 33)', () => {
  let stack: HostileStack;
  let prices: StreamClient;
  let klines: StreamClient;

  beforeAll(async () => {
    stack = await hostileStack('hostile-frames');
    await servedFollows(stack, stack.binance, 60_000);
    // The stream's first frame is the open kline, once there is one (before it, a 503 frame).
    await eventually(
      async () => (await stack.get('/api/v1/prices/klines/current?interval=1m')).body,
      'the open 1m kline',
    );
    const query = { apiKey: stack.headers['x-api-key'] ?? '' };
    prices = (await connect(wsUrl(stack.harness.url(), '/api/v1/prices/current', query))).client;
    klines = (
      await connect(wsUrl(stack.harness.url(), '/api/v1/prices/klines/current', { ...query, interval: '1m' }))
    ).client;
  });

  afterAll(async () => {
    await prices.close();
    await klines.close();
    await stack.close();
  });

  /** Injects the case's frame on the exchange's connection, then checks the service as a client sees it. */
  async function survives(hostile: HostileCase, sim: Sim, exchange: 'binance' | 'kraken'): Promise<void> {
    const proxy = stack.proxies[exchange];
    await proxy.untilRelaying();
    const last = await servedFollows(stack, sim);
    const now = Date.now();
    const pastMinute = Math.floor(now / MINUTE) * MINUTE - 5 * MINUTE;
    const from = pastMinute - 30 * MINUTE;
    const before = await stack.closedKlines(from, pastMinute);
    expect(await proxy.inject(hostile.frame({ lastTradeId: last.id, now, pastMinute }))).toBeGreaterThan(0);

    await servedFollows(stack, sim);
    expect(stack.exited()).toEqual([]);
    expect(priceFaults(prices.frames as unknown as Price[], Date.now())).toEqual([]);
    expect((klines.frames as unknown as Kline[]).flatMap(klineFaults)).toEqual([]);
    // The served 1m klines of the last half hour: consistent, and the exchange's history unchanged.
    const served = await stack.closedKlines(from, Date.now() - MINUTE);
    expect(served.flatMap(klineFaults)).toEqual([]);
    const openTimes = served.map((kline) => Date.parse(kline.openTime));
    expect(openTimes.every((time, index) => index === 0 || time > (openTimes[index - 1] ?? 0))).toBe(true);
    const history = (await stack.binance.history('1m', from, pastMinute)).filter((kline) => kline.isClosed);
    const after = served.filter((kline) => Date.parse(kline.openTime) <= pastMinute);
    expect(after).toEqual(history);
    expect(before).toEqual(history);
  }

  describe('on Binance (the primary serving)', () => {
    it.each(BINANCE_CASES.map((hostile) => [hostile.name, hostile] as const))('%s', async (_, hostile) => {
      await survives(hostile, stack.binance, 'binance');
    });
  });

  it('labels every answer with the exchange whose value it carries, across the switch to Kraken', async () => {
    const [, report] = await watchingSourceLabels(
      (path) => stack.get(path),
      async () => {
        await stack.binance.dark('refuse');
        await servedFollows(stack, stack.kraken, 60_000);
        await servedFollows(stack, stack.kraken);
      },
      'kraken',
      'binance',
    );
    expect(report.mismatches).toEqual([]);
    expect(report.answers.binance).toBeGreaterThan(0);
    expect(report.answers.kraken).toBeGreaterThan(0);
  });

  describe('on Kraken (the standby serving while the primary is dark)', () => {
    it.each(KRAKEN_CASES.map((hostile) => [hostile.name, hostile] as const))('%s', async (_, hostile) => {
      await survives(hostile, stack.kraken, 'kraken');
    });
  });
});
