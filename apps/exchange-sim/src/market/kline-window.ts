import type { KlineSlot, KlineSlots } from './kline-slots';

export interface KlineWindowRequest {
  readonly startTime?: number;
  readonly endTime?: number;
  readonly limit: number;
}

/**
 * Binance's GET /api/v3/klines window over the klines that exist (holes and off-grid klines
 * included): a kline belongs to it when its open time lies in [startTime, endTime]; with startTime
 * the first `limit` from it, otherwise the last `limit` up to endTime or the kline still open.
 * `first` and `last` are the open times of the listing's kline and of the one open now.
 */
export function klineWindow(
  slots: KlineSlots,
  request: KlineWindowRequest,
  first: number,
  last: number,
): KlineSlot[] {
  const end = Math.min(last, request.endTime ?? Number.POSITIVE_INFINITY);
  if (request.startTime === undefined) return slots.upTo(end, request.limit, first);
  const found: KlineSlot[] = [];
  for (const slot of slots.from(Math.max(first, request.startTime), end)) {
    if (slot.openTime > end || found.length >= request.limit) break;
    found.push(slot);
  }
  return found;
}
