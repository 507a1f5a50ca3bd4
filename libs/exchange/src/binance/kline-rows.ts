import { closeTimeOf, type Interval, type Kline, toIsoTime } from '@pds/market';
import { ExchangeResponseError } from '../exchange-errors';
import { inOrder, keepValidKlines, type KlineRowRules } from '../kline-row-rules';
import { MAX_DATE_MS } from '../stream/frame-checks';

export type { KlineRowRules };

// GET /api/v3/klines answers rows of 12 positional fields:
// [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, takerBase, takerQuote, ignore]
const MIN_ROW_LENGTH = 9;

/** An epoch-ms time a Date can hold; its bounds are section 11's rules, checked after (checkKline). */
function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_DATE_MS;
}

/**
 * Each row is kept as the exchange has it, its own openTime and closeTime included: around a trading
 * halt Binance cuts a kline short and opens others off the interval grid (CONTRACT section 3). Only
 * a body that is not an array of rows is refused whole.
 *
 * Every row is checked on its own (CONTRACT section 11, "History rows are checked one by one"): a row
 * not in the exchange's shape (a missing field, a time that is not an integer), breaking a rule of
 * section 11 (a price of 0 or "abc", high below low, a negative volume, a trade count of 2^53+1, an
 * openTime more than 60 s ahead or before the history) or out of order is dropped alone and
 * reported to `rules.refused` with its reason: one impossible kline never holds back the valid ones.
 *
 * Binance's kline rows carry no "closed" flag, so the service decides it, never guessing "closed":
 * - a row followed by a later row is closed (the exchange already has a later kline, so this
 *   interval's time is over);
 * - the last row is closed only if its closeTime is before the service's own clock at the answer
 *   (`serviceNowMs`: CONTRACT section 11, a kline is closed by time on the service's clock, never
 *   by the exchange's; its rows' time bounds read the same clock).
 */
export function klinesFromRows(
  body: unknown,
  interval: Interval,
  serviceNowMs: number,
  rules: KlineRowRules = {},
): Kline[] {
  if (!Array.isArray(body)) throw new ExchangeResponseError('klines response is not an array');
  const shaped = body.flatMap((row: unknown, index): Kline[] => {
    const kline = rowToKline(row, interval, index === body.length - 1, serviceNowMs);
    if (kline === undefined) rules.refused?.('malformed', `malformed: kline row ${index} ${preview(row)}`);
    return kline === undefined ? [] : [kline];
  });
  return inOrder(keepValidKlines(shaped, serviceNowMs, rules), rules);
}

/**
 * The row as a kline with its values as sent (section 11's checks read them next), or undefined when
 * it has not the documented fields, integer times or a close within one interval of its open. Values are not converted: a decimal that is
 * not a string is refused by checkKline, as on the stream.
 */
function rowToKline(
  row: unknown,
  interval: Interval,
  isLast: boolean,
  serviceNowMs: number,
): Kline | undefined {
  if (!Array.isArray(row) || row.length < MIN_ROW_LENGTH) return undefined;
  const [openTime, open, high, low, close, volume, closeTime, , trades] = row as unknown[];
  if (!isTime(openTime) || !isTime(closeTime)) return undefined;
  // A kline is at most one interval long (a halt cuts it shorter): a later close is not its own.
  if (closeTime > closeTimeOf(openTime, interval)) return undefined;
  return {
    openTime: toIsoTime(openTime),
    closeTime: toIsoTime(closeTime),
    open: open as string,
    high: high as string,
    low: low as string,
    close: close as string,
    volume: volume as string,
    trades: trades as number,
    isClosed: !isLast || closeTime < serviceNowMs,
  };
}

function preview(value: unknown): string {
  return JSON.stringify(value).slice(0, 200);
}
