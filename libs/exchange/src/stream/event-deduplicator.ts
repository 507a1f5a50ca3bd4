import type { Interval } from '@pds/market';

/**
 * Drops events already delivered, e.g. by the old connection while two overlap during a switch,
 * and notices holes in the exchange's trade sequence. Each exchange numbers the trades of a market
 * with increasing ids (Binance's trade id, Kraken's `trade_id`), and each kline stream's event
 * times increase, so "not newer than the newest seen" identifies a repeat without remembering
 * every id.
 */
export class EventDeduplicator {
  private newestTradeId = Number.NEGATIVE_INFINITY;
  private readonly newestKline = new Map<
    Interval,
    { eventTime: number; openTime: number; isClosed: boolean }
  >();

  acceptTrade(tradeId: number): boolean {
    if (tradeId <= this.newestTradeId) return false;
    this.newestTradeId = tradeId;
    return true;
  }

  /**
   * How many trade ids lie between the newest trade seen and `tradeId` (0: none missing, or no
   * trade seen yet). Both exchanges number a market's trades consecutively, so a hole means trades
   * the stream never delivered.
   */
  missingBefore(tradeId: number): number {
    if (this.newestTradeId === Number.NEGATIVE_INFINITY) return 0;
    return Math.max(0, tradeId - this.newestTradeId - 1);
  }

  /**
   * A kline push is new when its event time is later, or equal but for a later kline (the closing
   * push of one kline and the first push of the next may share an event time), or the final push
   * of the newest kline after an open one at the same event time (an exchange without a "final"
   * flag learns it only when the next kline begins, within the same millisecond at times).
   */
  acceptKline(interval: Interval, eventTime: number, openTime: number, isClosed = false): boolean {
    const newest = this.newestKline.get(interval);
    const finalAfterOpen =
      newest !== undefined && openTime === newest.openTime && isClosed && !newest.isClosed;
    if (
      newest &&
      !finalAfterOpen &&
      (eventTime < newest.eventTime || (eventTime === newest.eventTime && openTime <= newest.openTime))
    ) {
      return false;
    }
    this.newestKline.set(interval, { eventTime, openTime, isClosed });
    return true;
  }
}
