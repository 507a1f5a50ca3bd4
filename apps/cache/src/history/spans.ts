/** An inclusive range of kline open times (epoch ms) of one interval; both ends are slot starts. */
export interface Span {
  readonly from: number;
  readonly to: number;
}

/** Binance's largest `limit` on GET /api/v3/klines: one request fetches at most this many klines. */
export const PAGE_KLINES = 1000;

/** Number of interval slots in `span` (0 when it is empty). */
export function slotCount(span: Span, stepMs: number): number {
  return span.to < span.from ? 0 : Math.floor((span.to - span.from) / stepMs) + 1;
}

/**
 * The parts of `range` that nothing vouches for: in no covered span and holding no stored kline.
 * `covered` and `present` (open times of stored klines) need not be sorted or clipped.
 */
export function unknownSpans(
  range: Span,
  covered: readonly Span[],
  present: readonly number[],
  stepMs: number,
): Span[] {
  const known = [...covered, ...present.map((time) => ({ from: time, to: time }))].sort(
    (a, b) => a.from - b.from,
  );
  const unknown: Span[] = [];
  let cursor = range.from;
  for (const span of known) {
    if (cursor > range.to) break;
    if (span.to < cursor) continue;
    if (span.from > cursor) unknown.push({ from: cursor, to: Math.min(span.from - stepMs, range.to) });
    cursor = Math.max(cursor, span.to + stepMs);
  }
  if (cursor <= range.to) unknown.push({ from: cursor, to: range.to });
  return unknown;
}
