import {
  addDecimals,
  closeTimeOf,
  type Interval,
  type Kline,
  maxDecimal,
  minDecimal,
  openTimeOf,
  toIsoTime,
} from '@pds/market';

/** Kraken's OHLC interval (minutes) for each interval it serves natively; 6h and 12h it has not. */
const KRAKEN_MINUTES: Readonly<Partial<Record<Interval, number>>> = {
  '1m': 1,
  '5m': 5,
  '15m': 15,
  '30m': 30,
  '1h': 60,
  '4h': 240,
  '1d': 1440,
};

/** `[time, open, high, low, close, vwap, volume, count]` as GET /0/public/OHLC writes a row. */
type OhlcRow = [number, string, string, string, string, string, string, number];

interface OhlcAnswer {
  readonly error: string[];
  readonly result?: Record<string, OhlcRow[] | number>;
}

/**
 * The klines Kraken's REST (the Kraken simulator at `restUrl`) has for BTC/USDT, as the interface's
 * Kline: its latest 720 entries of the interval (no entry for a span without trades), the last one
 * still open. 6h and 12h are merged exactly from the 1h entries, aligned to UTC, as CONTRACT section 11
 * says the service does (open of the first, close of the last, highest high, lowest low, summed volume
 * and trades); the oldest merged one may lack hours that fell out of the 720-entry window.
 * `since` (epoch ms) keeps the entries that open after it (and the open one, as Kraken does).
 * This oracle (its interval table and its merge) is written apart from libs/exchange's on purpose:
 * an expected value must not come from the code under test.
 */
export async function krakenKlines(restUrl: string, interval: Interval, since?: number): Promise<Kline[]> {
  const native = KRAKEN_MINUTES[interval];
  const rows = await fetchOhlc(restUrl, native ?? 60, since);
  const now = Date.now();
  const hourly = rows.map((row) => rowKline(row, native === undefined ? '1h' : interval, now));
  return native === undefined ? mergeHours(hourly, interval, now) : hourly;
}

async function fetchOhlc(restUrl: string, minutes: number, since?: number): Promise<OhlcRow[]> {
  const query = new URLSearchParams({ pair: 'XBTUSDT', interval: String(minutes) });
  if (since !== undefined) query.set('since', String(Math.floor(since / 1000)));
  const response = await fetch(`${restUrl}/0/public/OHLC?${query.toString()}`);
  const answer = (await response.json()) as OhlcAnswer;
  const rows = answer.result?.XBTUSDT;
  if (!response.ok || answer.error.length > 0 || !Array.isArray(rows)) {
    throw new Error(`Kraken OHLC: ${response.status} ${JSON.stringify(answer.error)}`);
  }
  return rows;
}

function rowKline(row: OhlcRow, interval: Interval, now: number): Kline {
  const [time, open, high, low, close, , volume, trades] = row;
  const openTime = time * 1000;
  const closeTime = closeTimeOf(openTime, interval);
  return {
    openTime: toIsoTime(openTime),
    closeTime: toIsoTime(closeTime),
    open,
    high,
    low,
    close,
    volume,
    trades,
    isClosed: closeTime < now,
  };
}

function mergeHours(hours: readonly Kline[], interval: Interval, now: number): Kline[] {
  const merged = new Map<number, Kline>();
  for (const hour of hours) {
    const openTime = openTimeOf(Date.parse(hour.openTime), interval);
    const earlier = merged.get(openTime);
    const closeTime = closeTimeOf(openTime, interval);
    merged.set(openTime, {
      openTime: toIsoTime(openTime),
      closeTime: toIsoTime(closeTime),
      open: earlier?.open ?? hour.open,
      high: earlier ? maxDecimal(earlier.high, hour.high) : hour.high,
      low: earlier ? minDecimal(earlier.low, hour.low) : hour.low,
      close: hour.close,
      volume: earlier ? addDecimals(earlier.volume, hour.volume) : hour.volume,
      trades: (earlier?.trades ?? 0) + hour.trades,
      isClosed: closeTime < now,
    });
  }
  return [...merged.values()];
}
