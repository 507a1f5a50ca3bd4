import type { Interval } from '@pds/market';

/**
 * Drops events already delivered, e.g. by the old connection while two overlap during a switch.
 * Binance trade ids increase strictly per symbol, and each kline stream's event times increase, so
 * "not newer than the newest seen" identifies a repeat without remembering every id.
 */
export class EventDeduplicator {
  private newestTradeId = Number.NEGATIVE_INFINITY;
  private readonly newestKline = new Map<Interval, { eventTime: number; openTime: number }>();

  acceptTrade(tradeId: number): boolean {
    if (tradeId <= this.newestTradeId) return false;
    this.newestTradeId = tradeId;
    return true;
  }

  /**
   * A kline push is new when its event time is later, or equal but for a later kline (the closing
   * push of one kline and the first push of the next may share an event time).
   */
  acceptKline(interval: Interval, eventTime: number, openTime: number): boolean {
    const newest = this.newestKline.get(interval);
    if (
      newest &&
      (eventTime < newest.eventTime || (eventTime === newest.eventTime && openTime <= newest.openTime))
    ) {
      return false;
    }
    this.newestKline.set(interval, { eventTime, openTime });
    return true;
  }
}
