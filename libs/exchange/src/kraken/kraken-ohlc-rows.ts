import { closeTimeOf, type Interval, type Kline, toIsoTime } from '@pds/market';
import { ExchangeResponseError } from '../exchange-errors';
import { inOrder, keepValidKlines, type KlineRowRules } from '../kline-row-rules';
import { serviceNow } from '../service-clock';
import type { RefusalReason } from '../stream/refusal-reasons';
import { decimalOf, integerOf, isKrakenObject, KrakenFieldError } from './kraken-json';

/** Epoch seconds stay below this until the year 2286; a time in milliseconds does not. */
const MAX_TIME_S = 10_000_000_000;

/** The reason a row's field was refused for: its rule, or its field's own reason (a count). */
function reasonOf(error: KrakenFieldError): RefusalReason {
  if (error.rule === 'number-length') return 'number-length';
  return error.field === 'count' ? 'trade-count' : 'malformed';
}

/** The row as a kline, or the reason it is refused (a row not in the documented shape). */
function rowOf(row: unknown, interval: Interval): Kline | RefusalReason {
  // [time, open, high, low, close, vwap, volume, count]: time in epoch seconds, decimals as strings.
  if (!Array.isArray(row) || row.length < 8) return 'malformed';
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
    if (error instanceof KrakenFieldError) return reasonOf(error);
    throw error;
  }
}

/**
 * The klines of a `GET /0/public/OHLC` result (`{"XBTUSDT":[[…],…],"last":…}`), ascending. Kraken's
 * docs: "The last entry in the OHLC array is for the current, not-yet-committed timeframe, and will
 * always be present", so the last row is open and every other row closed. A body with any row not
 * in the documented shape, breaking a rule of CONTRACT section 11 (a price of 0, high below low) or
 * out of order is dropped alone and reported to `rules.refused` ("History rows are checked one by
 * one"); only a result that is not an object of rows is refused whole.
 */
export function klinesFromOhlcResult(
  result: unknown,
  interval: Interval,
  serviceNowMs: number = serviceNow(),
  rules: KlineRowRules = {},
): Kline[] {
  if (!isKrakenObject(result)) throw new ExchangeResponseError('OHLC result is not an object');
  const key = Object.keys(result).find((name) => name !== 'last');
  const rows = key === undefined ? undefined : result[key];
  if (!Array.isArray(rows)) throw new ExchangeResponseError('OHLC result has no rows');
  const klines = rows.flatMap((row: unknown, index): Kline[] => {
    const kline = rowOf(row, interval);
    if (typeof kline !== 'string') return [index === rows.length - 1 ? { ...kline, isClosed: false } : kline];
    rules.refused?.(kline, `${kline}: OHLC row ${index} ${JSON.stringify(row).slice(0, 200)}`);
    return [];
  });
  return inOrder(keepValidKlines(klines, serviceNowMs, rules), rules);
}
