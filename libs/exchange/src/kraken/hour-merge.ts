import {
  addDecimals,
  closeTimeOf,
  fromIsoTime,
  type Kline,
  maxDecimal,
  minDecimal,
  openTimeOf,
  toIsoTime,
} from '@pds/market';

/** Intervals Kraken lacks and that are made of whole UTC hours. */
export type MergedInterval = '6h' | '12h';

/**
 * One kline of `interval` made exactly of the 1h klines inside it (ascending, at least one): open of
 * the first, close of the last, highest high, lowest low, summed volume and trades, with exact
 * decimal arithmetic; open and close times are the UTC-aligned window's (CONTRACT sections 1, 11).
 * Hours without trades have no kline on Kraken and add nothing.
 */
export function mergeHours(interval: MergedInterval, hours: readonly Kline[], isClosed: boolean): Kline {
  const [first, ...rest] = hours;
  if (first === undefined) throw new RangeError('nothing to merge');
  const windowOpen = openTimeOf(fromIsoTime(first.openTime), interval);
  let merged: Kline = {
    ...first,
    openTime: toIsoTime(windowOpen),
    closeTime: toIsoTime(closeTimeOf(windowOpen, interval)),
    isClosed,
  };
  for (const hour of rest) {
    merged = {
      ...merged,
      high: maxDecimal(merged.high, hour.high),
      low: minDecimal(merged.low, hour.low),
      close: hour.close,
      volume: addDecimals(merged.volume, hour.volume),
      trades: merged.trades + hour.trades,
    };
  }
  return merged;
}

/**
 * The `interval` klines of a run of 1h klines (ascending by open time). A window counts as closed
 * when a later hour has begun, the way Kraken's own klines close; `incompleteBefore` drops windows
 * that begin before it (their first hours lie outside what the exchange answered).
 */
export function mergeHourKlines(
  interval: MergedInterval,
  hours: readonly Kline[],
  incompleteBefore = Number.NEGATIVE_INFINITY,
): Kline[] {
  const windows = new Map<number, Kline[]>();
  for (const hour of hours) {
    const window = openTimeOf(fromIsoTime(hour.openTime), interval);
    const list = windows.get(window) ?? [];
    list.push(hour);
    windows.set(window, list);
  }
  const newestHourOpen = Math.max(...hours.map((hour) => fromIsoTime(hour.openTime)));
  const merged: Kline[] = [];
  for (const [window, list] of windows) {
    if (window < incompleteBefore) continue;
    const windowEnd = closeTimeOf(window, interval) + 1;
    merged.push(mergeHours(interval, list, newestHourOpen >= windowEnd));
  }
  return merged;
}
