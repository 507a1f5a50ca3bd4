/** An inclusive range of kline open times (epoch ms) of one interval; both ends are slot starts. */
export interface Span {
  readonly from: number;
  readonly to: number;
}

/**
 * Binance's largest `limit` on GET /api/v3/klines: history is fetched, and asked for, in pages of at
 * most this many klines.
 */
export const PAGE_KLINES = 1000;

/** Number of interval slots in `span` (0 when it is empty). */
export function slotCount(span: Span, stepMs: number): number {
  return span.to < span.from ? 0 : Math.floor((span.to - span.from) / stepMs) + 1;
}

/** The part of `gap` that no covered span holds. `covered` need not be sorted or clipped. */
export function uncoveredParts(gap: Span, covered: readonly Span[], stepMs: number): Span[] {
  const parts: Span[] = [];
  let cursor = gap.from;
  for (const span of [...covered].sort((a, b) => a.from - b.from)) {
    if (cursor > gap.to) break;
    if (span.to < cursor) continue;
    if (span.from > cursor) parts.push({ from: cursor, to: Math.min(span.from - stepMs, gap.to) });
    cursor = Math.max(cursor, span.to + stepMs);
  }
  if (cursor <= gap.to) parts.push({ from: cursor, to: gap.to });
  return parts;
}
