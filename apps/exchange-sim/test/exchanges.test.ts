import { type Sim, startExchangeSim } from '@pds/testing';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Basis points of `price` against `reference`. */
function basisPoints(price: string, reference: string): number {
  return ((Number(price) - Number(reference)) / Number(reference)) * 10_000;
}

describe('exchange-sim: one market, Binance, Binance.US and Kraken a few basis points apart', () => {
  let binance: Sim;
  let binanceUs: Sim;
  let kraken: Sim;

  beforeAll(async () => {
    [binance, binanceUs, kraken] = await Promise.all([
      startExchangeSim(),
      startExchangeSim({ SIM_EXCHANGE: 'binance-us' }),
      startExchangeSim({ SIM_EXCHANGE: 'kraken' }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([binance, binanceUs, kraken].map((sim) => sim.app.stop()));
  });

  it('prints the same hour of history on each exchange a few basis points apart, each its own way', async () => {
    const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 3 * HOUR_MS;
    const [reference] = await binance.klines('1h', { startTime: hour, endTime: hour });
    const [us] = await binanceUs.klines('1h', { startTime: hour, endTime: hour });
    const krakenHours = await kraken.krakenKlines('1h', hour - DAY_MS);
    const krakenHour = krakenHours.find((kline) => Date.parse(kline.openTime) === hour);
    if (!reference || !us || !krakenHour) throw new Error('the hour is missing on an exchange');
    expect(basisPoints(us.open, reference.open)).toBeCloseTo(4, 0);
    // Kraken's hour opens at its first trade, which a quiet first minute moves: the median of a day.
    const binanceHours = await binance.klines('1h', { startTime: hour - DAY_MS, endTime: hour });
    const opens = new Map(binanceHours.map((kline) => [kline.openTime, kline.open]));
    const spreads = krakenHours
      .filter((kline) => opens.has(kline.openTime))
      .map((kline) => basisPoints(kline.open, opens.get(kline.openTime) ?? '0'))
      .sort((a, b) => a - b);
    expect(spreads.length).toBeGreaterThan(20);
    expect(spreads[Math.floor(spreads.length / 2)]).toBeCloseTo(-3, 0);
    // Each exchange's own book: its own volume and trade count.
    expect(us.volume).not.toBe(reference.volume);
    expect(krakenHour.trades).toBeLessThan(reference.trades);
  });

  it('serves Binance.US with its own limits and history start, read by the same helpers', async () => {
    await binanceUs.post('/sim/stats/reset');
    const response = await fetch(`${binanceUs.restUrl}/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=1`);
    expect(response.headers.get('x-mbx-used-weight-1m')).toBe('1');
    const [first] = await binanceUs.klines('1d', { startTime: 0, limit: 1 });
    expect(first?.openTime).toBe('2019-09-25T00:00:00.000Z');
    const start = Date.parse('2019-09-25T00:00:00.000Z');
    const history = await binanceUs.history('1d', start, start + 2 * DAY_MS);
    expect(history.map((kline) => kline.openTime)).toEqual([
      '2019-09-25T00:00:00.000Z',
      '2019-09-26T00:00:00.000Z',
      '2019-09-27T00:00:00.000Z',
    ]);
    expect((await binanceUs.stats()).exchange).toBe('binance-us');
  });
});
