import { type Interval, isDecimalString, type Kline, toIsoTime } from '@pds/market';
import { ExchangeResponseError } from '../exchange-errors';
import { keepValidKlines, type KlineRowRules } from '../kline-row-rules';

export type { KlineRowRules };

// GET /api/v3/klines answers rows of 12 positional fields:
// [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, takerBase, takerQuote, ignore]
const MIN_ROW_LENGTH = 9;
/** Epoch milliseconds stay below this until the year 2286; a time in microseconds does not. */
const MAX_TIME_MS = 10_000_000_000_000;

function integerAt(row: readonly unknown[], index: number): number {
  const value = row[index];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new ExchangeResponseError(`kline row field ${index} is not a non-negative integer`);
  }
  return value;
}

function timeAt(row: readonly unknown[], index: number): number {
  const value = integerAt(row, index);
  if (value >= MAX_TIME_MS)
    throw new ExchangeResponseError(`kline row field ${index} is not in milliseconds`);
  return value;
}

function decimalAt(row: readonly unknown[], index: number): string {
  const value = row[index];
  if (!isDecimalString(value) || value.startsWith('-'))
    throw new ExchangeResponseError(`kline row field ${index} is not a non-negative decimal string`);
  return value;
}

/**
 * Each row is kept as the exchange has it, its own openTime and closeTime included: around a trading
 * halt Binance cuts a kline short and opens others off the interval grid (CONTRACT section 3). A
 * body with any row not in the exchange's shape (a time in microseconds, a negative or non-numeric
 * field, rows out of order) is refused whole, so nothing of it is stored.
 *
 * Binance's kline rows carry no "closed" flag, so the service decides it, never guessing "closed":
 * - a row followed by a later row is closed (the exchange already has a later kline, so this
 *   interval's time is over);
 * - the last row is closed only if its closeTime is before the exchange's own clock at the answer
 *   (`exchangeTimeMs`, from its `Date` header or `GET /api/v3/time`), never the local clock, which
 *   may run ahead. The `Date` header has whole seconds and is rounded down, so this errs towards
 *   "open": a kline that ended less than a second ago may be reported open, never the reverse.
 *
 * A row in the shape but breaking a rule of CONTRACT section 11 (a price of 0, high below low, an
 * openTime more than 60 s ahead of the exchange's clock or before its history) is dropped alone
 * and reported to `rules.refused`: one impossible kline must not hold back the valid ones.
 */
export function klinesFromRows(
  body: unknown,
  interval: Interval,
  exchangeTimeMs: number,
  rules: KlineRowRules = {},
): Kline[] {
  return keepValidKlines(rowsToKlines(body, exchangeTimeMs), exchangeTimeMs, rules);
}

function rowsToKlines(body: unknown, exchangeTimeMs: number): Kline[] {
  if (!Array.isArray(body)) throw new ExchangeResponseError('klines response is not an array');
  let previousOpenTime = Number.NEGATIVE_INFINITY;
  return body.map((row: unknown, index): Kline => {
    if (!Array.isArray(row) || row.length < MIN_ROW_LENGTH) {
      throw new ExchangeResponseError(`kline row ${index} has not the documented fields`);
    }
    const openTime = timeAt(row, 0);
    const closeTime = timeAt(row, 6);
    if (openTime <= previousOpenTime) throw new ExchangeResponseError('kline rows are not ascending');
    if (closeTime < openTime) throw new ExchangeResponseError(`kline row ${index} closes before it opens`);
    previousOpenTime = openTime;
    const isLast = index === body.length - 1;
    return {
      openTime: toIsoTime(openTime),
      closeTime: toIsoTime(closeTime),
      open: decimalAt(row, 1),
      high: decimalAt(row, 2),
      low: decimalAt(row, 3),
      close: decimalAt(row, 4),
      volume: decimalAt(row, 5),
      trades: integerAt(row, 8),
      isClosed: !isLast || closeTime < exchangeTimeMs,
    };
  });
}
