import type { Interval, Kline } from '@pds/market';
import { eventually } from '@pds/testing';
import { hostileStack, type HostileStack, servedFollows } from './support/hostile-stack';
import {
  binanceKlineFrame,
  binanceTradeFrame,
  klineTimeFaults,
  krakenEmptyOhlcUpdate,
} from './support/hostile-time-frames';

jest.setTimeout(4 * 60_000);

const SECOND = 1000;
const DAY = 86_400_000;

/**
 * Time is the service's own (issue 52, CONTRACT section 11 "Untrusted frames", "No frame holds the
 * served values"): frames inside the letter of the rules, put on the exchange's connection by a
 * man in the middle, judged by what a client is served.
 */
describe('no run of frames moves the service’s clock, closes a kline early or holds the price (issue 52)', () => {
  let stack: HostileStack;

  beforeAll(async () => {
    stack = await hostileStack('hostile-time');
    await servedFollows(stack, stack.binance, 60_000);
    await eventually(
      async () => (await stack.get('/api/v1/prices/klines/current?interval=1d')).body,
      'the open klines',
    );
  });

  afterAll(async () => {
    await stack.close();
  });

  const served = async (interval: Interval): Promise<Kline[]> =>
    (await stack.get<{ klines: Kline[] }>(`/api/v1/prices/klines?interval=${interval}&limit=3`)).body
      ?.klines ?? [];
  const current = async (interval: Interval): Promise<Kline> =>
    eventually(
      async () => (await stack.get<Kline>(`/api/v1/prices/klines/current?interval=${interval}`)).body,
      interval,
    );
  /** The open kline of `interval` once its close is `price` (a trade's): it follows the trades. */
  const following = async (interval: Interval, price: string): Promise<Kline> => {
    let seen: Kline | undefined;
    try {
      return await eventually(async () => {
        seen = await current(interval);
        return Number(seen.close) === Number(price) ? seen : undefined;
      }, `the ${interval} kline following the trade at ${price}`);
    } catch (error) {
      throw new Error(`${String(error)}; served ${JSON.stringify(seen)}`, { cause: error });
    }
  };
  const injectBinance = async (frames: readonly string[]): Promise<void> => {
    await stack.proxies.binance.untilRelaying();
    for (const frame of frames) expect(await stack.proxies.binance.inject(frame)).toBeGreaterThan(0);
  };

  it('should serve the next trade, not one dated 59 s ahead, before that time comes', async () => {
    const last = await servedFollows(stack, stack.binance);
    const forgedAt = Date.now() + 59 * SECOND;
    await injectBinance([binanceTradeFrame(last.id + 1, forgedAt)]);
    await eventually(
      async () =>
        (await stack.currentPrice()).body?.time === new Date(forgedAt).toISOString() ? true : undefined,
      'the forged trade, inside the rule, served once',
    );
    await servedFollows(stack, stack.binance, 30_000);
    expect(Date.now()).toBeLessThan(forgedAt);
  });

  it('should refuse a walk of 25 steps of 16 trades each dated 59 s after the last, and serve the next trade', async () => {
    const last = await servedFollows(stack, stack.binance);
    const start = Date.now();
    const frames = Array.from({ length: 25 * 16 }, (_, index) =>
      binanceTradeFrame(last.id + 1_000_000 + index, start + 59 * SECOND * (Math.floor(index / 16) + 1)),
    );
    await injectBinance(frames);
    // A frame sent after the walk: once it is served, the whole walk has been read.
    await injectBinance([binanceTradeFrame(last.id + 2_000_000, start + 59 * SECOND, '97000.01000000')]);
    await eventually(
      async () => ((await stack.currentPrice()).body?.price === '97000.01000000' ? true : undefined),
      'the frame after the walk served',
    );
    expect(klineTimeFaults(await served('1m'), '1m', Date.now())).toEqual([]);
    await servedFollows(stack, stack.binance, 30_000);
  });

  it('should keep the open klines following trades when the exchange marks them closed early', async () => {
    await servedFollows(stack, stack.binance);
    const intervals = ['1m', '1h', '1d'] as const;
    const open = await Promise.all(intervals.map((interval) => current(interval)));
    await injectBinance(
      intervals.map((interval, index) =>
        binanceKlineFrame(interval, open[index] as Kline, { isClosed: true }),
      ),
    );
    const traded = await servedFollows(stack, stack.binance);
    for (const interval of ['1h', '1d'] as const) {
      const kline = await following(interval, traded.price);
      expect(kline.isClosed).toBe(false);
      expect(klineTimeFaults(await served(interval), interval, Date.now())).toEqual([]);
    }
  });

  it('should keep the open 1m kline on the grid when a push opens it 1 ms off', async () => {
    await servedFollows(stack, stack.binance);
    const open = await current('1m');
    await injectBinance([binanceKlineFrame('1m', open, { openTime: Date.parse(open.openTime) + 1 })]);
    const traded = await servedFollows(stack, stack.binance);
    const kline = await following('1m', traded.price);
    expect(klineTimeFaults([kline, ...(await served('1m'))], '1m', Date.now())).toEqual([]);
  });

  it('should close no Kraken candle early when its updates are dated a day ahead', async () => {
    await stack.binance.dark('refuse');
    await servedFollows(stack, stack.kraken, 60_000);
    await stack.proxies.kraken.untilRelaying();
    const ahead = Date.now() + DAY;
    for (let i = 0; i < 16; i += 1) {
      expect(await stack.proxies.kraken.inject(krakenEmptyOhlcUpdate(ahead))).toBeGreaterThan(0);
    }
    const traded = await servedFollows(stack, stack.kraken);
    const kline = await following('1m', traded.price);
    expect(kline.isClosed).toBe(false);
    expect(klineTimeFaults(await served('1m'), '1m', Date.now())).toEqual([]);
    expect(klineTimeFaults(await served('1h'), '1h', Date.now())).toEqual([]);
  });
});
