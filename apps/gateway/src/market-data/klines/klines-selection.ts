import { KLINES_LIMIT } from '../../validation/query-rules';

/** Inclusive bounds on openTime (epoch ms), as getKlines and the `/klines` stream read them. */
export interface OpenTimeRange {
  readonly from?: number;
  readonly to?: number;
}

export const UNBOUNDED: OpenTimeRange = {};

/** How getKlines picks klines (CONTRACT section 3), independent of where they are stored. */
export interface KlinesWindow extends OpenTimeRange {
  readonly limit: number;
}

/** The window of a validated getKlines query, on HTTP and on the `/klines` stream alike. */
export function klinesWindowOf(query: {
  readonly limit?: string;
  readonly from?: string;
  readonly to?: string;
}): KlinesWindow {
  return {
    limit: query.limit === undefined ? KLINES_LIMIT.default : Number(query.limit),
    ...(query.from === undefined ? {} : { from: Date.parse(query.from) }),
    ...(query.to === undefined ? {} : { to: Date.parse(query.to) }),
  };
}

/** With a lower bound the first `limit` klines in range count, otherwise the last `limit`. */
export function takesFirst(window: KlinesWindow): boolean {
  return window.from !== undefined;
}

export function inWindow(openTime: number, range: OpenTimeRange): boolean {
  return (
    (range.from === undefined || openTime >= range.from) && (range.to === undefined || openTime <= range.to)
  );
}

/** A kline after the range's end shows the range is over: nothing in it will change any more. */
export function isPastRange(openTime: number, range: OpenTimeRange): boolean {
  return range.to !== undefined && openTime > range.to;
}

export interface StoredKline {
  readonly openTime: number;
  readonly json: string;
  /** The exchange stored with an open kline (closed history has none). */
  readonly source?: string;
}

/**
 * Closed klines (ascending, already limited to the window) plus the open kline when it is in the
 * window and newer than every closed one, cut to `limit` from the proper end.
 */
export function selectKlines(
  closed: readonly StoredKline[],
  open: StoredKline | undefined,
  window: KlinesWindow,
): string[] {
  const newestClosed = closed.at(-1)?.openTime ?? Number.NEGATIVE_INFINITY;
  const all =
    open && inWindow(open.openTime, window) && open.openTime > newestClosed ? [...closed, open] : closed;
  const kept = takesFirst(window) ? all.slice(0, window.limit) : all.slice(-window.limit);
  return kept.map((kline) => kline.json);
}
