import { type Interval, intervalMs, openTimeOf, type Span } from '@pds/market';
import { inWindow, type KlinesWindow, type StoredKline, takesFirst } from './klines-selection';

/** What one read of a window returned: closed klines ascending (limited as the read limits them). */
export interface KlinesRead {
  readonly closed: readonly StoredKline[];
  readonly open: StoredKline | undefined;
}

function holes(openTimes: readonly number[], range: Span, step: number): Span[] {
  const found: Span[] = [];
  let cursor = range.from;
  for (const time of openTimes) {
    if (time > cursor) found.push({ from: cursor, to: Math.min(time - step, range.to) });
    cursor = Math.max(cursor, time + step);
  }
  if (cursor <= range.to) found.push({ from: cursor, to: range.to });
  return found;
}

/** What an answer needs that the read did not return, and where to look for it first. */
export interface NeededSlots {
  /** Slots whose closed kline the answer needs but the read did not return. */
  readonly gaps: Span[];
  /** The slots the answer would hold if the exchange had a kline in every slot: fetch these first. */
  readonly expected: Span;
  readonly direction: 'forward' | 'backward';
}

const NOTHING: Span = { from: 1, to: 0 };

/**
 * The slots whose closed kline an answer needs but the read did not return (CONTRACT section 3:
 * closed klines are contiguous, what the exchange has is served). Each is either known to have no
 * kline on the exchange (covered) or must be fetched before answering.
 * - `from` given: the first `limit` closed klines from `from` up to `to` or the last closed one;
 * - otherwise: the last `limit` (less one when the open kline is in the answer) up to `to` or the
 *   last closed one; while fewer than that are stored, everything back to the beginning counts.
 * `currentOpenTime` is the interval's open kline (the ingestor's), which fixes the last closed one.
 * Slots are on the interval grid: a kline the exchange placed off it (after a halt) fills the slot
 * it opens in, so a hole the exchange has is a covered slot, never one to fetch again.
 */
export function neededSlots(
  interval: Interval,
  window: KlinesWindow,
  read: KlinesRead,
  currentOpenTime: number,
): NeededSlots {
  const step = intervalMs(interval);
  const lastClosed = currentOpenTime - step;
  const end = Math.min(window.to === undefined ? lastClosed : openTimeOf(window.to, interval), lastClosed);
  const times = read.closed
    .map((kline) => openTimeOf(kline.openTime, interval))
    .filter((time) => time <= end);
  if (takesFirst(window)) {
    const from = window.from ?? 0;
    const aligned = openTimeOf(from, interval) === from ? from : openTimeOf(from, interval) + step;
    // An off-grid kline opening at or after an unaligned `from` fills the slot `from` lies in.
    const kept = times.filter((time) => time >= openTimeOf(from, interval)).slice(0, window.limit);
    const start = Math.min(aligned, kept[0] ?? aligned);
    const last = kept.length >= window.limit ? (kept.at(-1) ?? end) : end;
    const expected = { from: start, to: Math.min(start + (window.limit - 1) * step, end) };
    return {
      gaps: start > last ? [] : holes(kept, { from: start, to: last }, step),
      expected,
      direction: 'forward',
    };
  }
  const newest = times.at(-1) ?? Number.NEGATIVE_INFINITY;
  const open = read.open;
  const withOpen = open !== undefined && inWindow(open.openTime, window) && open.openTime > newest;
  const needed = window.limit - (withOpen ? 1 : 0);
  if (needed <= 0) return { gaps: [], expected: NOTHING, direction: 'backward' };
  const kept = times.slice(-needed);
  const start = kept.length >= needed ? (kept[0] ?? 0) : 0;
  const expected = { from: Math.max(0, end - (needed - 1) * step), to: end };
  return {
    gaps: start > end ? [] : holes(kept, { from: start, to: end }, step),
    expected,
    direction: 'backward',
  };
}
