export interface KlineWindowRequest {
  readonly startTime?: number;
  readonly endTime?: number;
  readonly limit: number;
}

export interface KlineSpan {
  /** Interval length in milliseconds. */
  readonly length: number;
  /** Open time of the oldest kline that exists (the one holding the listing). */
  readonly firstOpenTime: number;
  /** Open time of the newest kline: the one still open now. */
  readonly lastOpenTime: number;
}

/**
 * Binance's GET /api/v3/klines window, as open times in ascending order. A kline belongs to the
 * window when its open time lies in [startTime, endTime]:
 * - startTime sent: the first `limit` klines from startTime on (up to endTime when sent too);
 * - only endTime sent: the last `limit` klines opening at or before endTime;
 * - neither: "the most recent klines", ending with the one still open.
 * Klines before the listing or after now do not exist, so a window outside them is empty.
 */
export function klineWindow(request: KlineWindowRequest, span: KlineSpan): number[] {
  const { length, firstOpenTime, lastOpenTime } = span;
  const newest =
    request.endTime === undefined ? lastOpenTime : Math.min(lastOpenTime, floorTo(request.endTime, length));
  let from: number;
  let to: number;
  if (request.startTime !== undefined) {
    from = Math.max(firstOpenTime, ceilTo(request.startTime, length));
    to = Math.min(newest, from + (request.limit - 1) * length);
  } else {
    to = newest;
    from = Math.max(firstOpenTime, to - (request.limit - 1) * length);
  }
  const openTimes: number[] = [];
  for (let openTime = from; openTime <= to; openTime += length) openTimes.push(openTime);
  return openTimes;
}

function floorTo(timeMs: number, length: number): number {
  return Math.floor(timeMs / length) * length;
}

function ceilTo(timeMs: number, length: number): number {
  return Math.ceil(timeMs / length) * length;
}
