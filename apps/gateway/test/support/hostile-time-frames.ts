import type { Interval, Kline } from '@pds/market';

/**
 * Frames that keep to the letter of CONTRACT section 11 and play with time (issue 52): trades dated
 * inside the 60 s, klines marked closed early or opened off the grid, Kraken updates dated ahead.
 */

/** A Binance trade frame of the combined stream. */
export function binanceTradeFrame(id: number, time: number, price = '97123.45000000'): string {
  const data = {
    e: 'trade',
    E: time,
    s: 'BTCUSDT',
    t: id,
    p: price,
    q: '0.01000000',
    T: time,
    m: false,
    M: true,
  };
  return JSON.stringify({ stream: 'btcusdt@trade', data });
}

/** A Binance kline push of `kline`'s values, with its own open time, flag and event time. */
export function binanceKlineFrame(
  interval: Interval,
  kline: Kline,
  { openTime = Date.parse(kline.openTime), isClosed = kline.isClosed, eventTime = Date.now() } = {},
): string {
  const k = {
    t: openTime,
    T: Date.parse(kline.closeTime),
    s: 'BTCUSDT',
    i: interval,
    f: 1,
    L: Math.max(1, kline.trades),
    o: kline.open,
    c: kline.close,
    h: kline.high,
    l: kline.low,
    v: kline.volume,
    n: kline.trades,
    x: isClosed,
    q: '0',
    V: '0',
    Q: '0',
    B: '0',
  };
  return JSON.stringify({
    stream: `btcusdt@kline_${interval}`,
    data: { e: 'kline', E: eventTime, s: 'BTCUSDT', k },
  });
}

/** An empty Kraken ohlc update, dated `time`: it says nothing but the time. */
export function krakenEmptyOhlcUpdate(time: number): string {
  const timestamp = new Date(time).toISOString().replace('Z', '000Z');
  return `{"channel":"ohlc","type":"update","timestamp":"${timestamp}","data":[]}`;
}

/** What is wrong with served klines as time goes: closed before their close time, or off the grid. */
export function klineTimeFaults(klines: readonly Kline[], interval: Interval, now: number): string[] {
  const length = { '1m': 60_000, '1h': 3_600_000, '1d': 86_400_000 }[interval as '1m' | '1h' | '1d'];
  return klines.flatMap((kline) => {
    const faults: string[] = [];
    if (kline.isClosed && Date.parse(kline.closeTime) >= now) faults.push(`${kline.openTime} closed early`);
    if (Date.parse(kline.openTime) % length !== 0) faults.push(`${kline.openTime} off the grid`);
    return faults;
  });
}
