import { type Interval, intervalMs, type Kline, klineOpenTimeMs, openTimeOf, type Span } from '@pds/market';

/** The grid slot a kline fills: its own open time, or the slot it opens in when off the grid. */
export function klineSlot(kline: Kline, interval: Interval): number {
  return openTimeOf(klineOpenTimeMs(kline), interval);
}

/**
 * What one forward request (`startTime = start`, no `endTime`, `limit`) proves about the exchange's
 * history. It answers the first `limit` klines at or after `start`, wherever they are, so:
 * - a full answer covers [start, its last closed kline]: every slot in between that is not in the
 *   answer has no kline on the exchange (before the listing, or an outage);
 * - a short answer reached the end of the exchange's history: it covers up to the last interval that
 *   had closed at the exchange's clock (`exchangeTime`).
 * The open kline (at most the last one) is not history and is never covered. Spans are in grid
 * slots: a kline off the grid (after a halt) counts for the slot it opens in. `rows` is how many
 * rows the answer held, refused ones included (a refused row is still a row of a full answer).
 */
export function forwardCoverage(
  start: number,
  limit: number,
  klines: readonly Kline[],
  exchangeTime: number,
  interval: Interval,
  rows = klines.length,
): Span | undefined {
  const step = intervalMs(interval);
  const last = klines.at(-1);
  const lastOpen = last && !last.isClosed ? klineSlot(last, interval) : Number.POSITIVE_INFINITY;
  let to: number;
  if (last && rows >= limit) to = last.isClosed ? klineSlot(last, interval) : lastOpen - step;
  else to = Math.min(openTimeOf(exchangeTime, interval) - step, lastOpen - step);
  return to >= start ? { from: start, to } : undefined;
}

/**
 * What a backward probe (`endTime = end`, no `startTime`, `limit` 1) proves: nothing exists between
 * the kline it answers (if any) and `end`, and before the listing nothing at all (from epoch 0).
 */
export function backwardCoverage(
  end: number,
  klines: readonly Kline[],
  interval: Interval,
): Span | undefined {
  const last = klines.at(-1);
  if (!last) return { from: 0, to: end };
  const openTime = klineSlot(last, interval);
  const from = last.isClosed ? openTime : openTime + intervalMs(interval);
  return from <= end ? { from, to: end } : undefined;
}
