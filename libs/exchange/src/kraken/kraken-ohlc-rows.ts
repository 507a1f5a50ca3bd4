import { closeTimeOf, type Interval, type Kline, toIsoTime } from '@pds/market';
import { ExchangeResponseError } from '../exchange-errors';
import { keepValidKlines, type KlineRowRules } from '../kline-row-rules';
import { decimalOf, integerOf, isKrakenObject, KrakenFieldError } from './kraken-json';

/** Epoch seconds stay below this until the year 2286; a time in milliseconds does not. */
const MAX_TIME_S = 10_000_000_000;

function rowOf(row: unknown, interval: Interval): Kline {
  // [time, open, high, low, close, vwap, volume, count]: time in epoch seconds, decimals as strings.
  if (!Array.isArray(row) || row.length < 8)
    throw new ExchangeResponseError('OHLC row has not the documented fields');
  try {
    const seconds = integerOf(row[0], 'time');
    if (seconds >= MAX_TIME_S) throw new KrakenFieldError('time');
    const openTime = seconds * 1000;
    return {
      openTime: toIsoTime(openTime),
      closeTime: toIsoTime(closeTimeOf(openTime, interval)),
      open: decimalOf(row[1], 'open'),
      high: decimalOf(row[2], 'high'),
      low: decimalOf(row[3], 'low'),
      close: decimalOf(row[4], 'close'),
      volume: decimalOf(row[6], 'volume'),
      trades: integerOf(row[7], 'count'),
      isClosed: true,
    };
  } catch (error) {
    if (error instanceof KrakenFieldError)
      throw new ExchangeResponseError(`OHLC row field ${error.field} is invalid`);
    throw error;
  }
}

/**
 * The klines of a `GET /0/public/OHLC` result (`{"XBTUSDT":[[…],…],"last":…}`), ascending. Kraken's
 * docs: "The last entry in the OHLC array is for the current, not-yet-committed timeframe, and will
 * always be present", so the last row is open and every other row closed. A body with any row not
 * in the documented shape is refused whole; a row in the shape that breaks a rule of CONTRACT
 * section 11 (a price of 0, high below low) is dropped alone and reported to `rules.refused`.
 */
export function klinesFromOhlcResult(
  result: unknown,
  interval: Interval,
  exchangeTimeMs?: number,
  rules: KlineRowRules = {},
): Kline[] {
  if (!isKrakenObject(result)) throw new ExchangeResponseError('OHLC result is not an object');
  const key = Object.keys(result).find((name) => name !== 'last');
  const rows = key === undefined ? undefined : result[key];
  if (!Array.isArray(rows)) throw new ExchangeResponseError('OHLC result has no rows');
  const klines = rows.map((row) => rowOf(row, interval));
  klines.forEach((kline, index) => {
    const previous = klines[index - 1];
    if (previous && Date.parse(previous.openTime) >= Date.parse(kline.openTime)) {
      throw new ExchangeResponseError('OHLC rows are not ascending');
    }
  });
  const last = klines.at(-1);
  if (last) klines[klines.length - 1] = { ...last, isClosed: false };
  return keepValidKlines(klines, exchangeTimeMs, rules);
}
