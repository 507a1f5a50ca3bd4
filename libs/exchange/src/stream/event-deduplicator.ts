import type { Interval } from '@pds/market';
import { serviceNow } from '../service-clock';
import { datedAhead } from '../trade-order';
import { MAX_CLOCK_LEAD_MS } from './frame-checks';

/** How many recent trade ids are remembered: far more than two connections overlap by. */
const RECENT_TRADE_IDS = 4096;

/**
 * Drops events already delivered, e.g. by the old connection while two overlap during a switch,
 * and notices holes in the exchange's trade sequence. No single value can make it drop what
 * follows (CONTRACT section 11): a trade is a repeat only if its id was delivered recently (an id
 * of 2^53−1 blocks nothing but itself), and a kline push's "newest event time" gives way to a
 * push more than the clock's tolerance older than it, or to any push once it is dated ahead of the
 * service's clock (`now`): a push dated just inside the 60 s holds no later push back.
 */
export class EventDeduplicator {
  private readonly recentIds = new Set<number>();
  private readonly idRing = new Float64Array(RECENT_TRADE_IDS);
  private ringNext = 0;
  private lastTradeId: number | undefined;
  private readonly newestKline = new Map<
    Interval,
    { eventTime: number; openTime: number; isClosed: boolean }
  >();

  constructor(private readonly now: () => number = serviceNow) {}

  acceptTrade(tradeId: number): boolean {
    if (this.recentIds.has(tradeId)) return false;
    if (this.recentIds.size >= RECENT_TRADE_IDS) this.recentIds.delete(this.idRing[this.ringNext] ?? 0);
    this.idRing[this.ringNext] = tradeId;
    this.ringNext = (this.ringNext + 1) % RECENT_TRADE_IDS;
    this.recentIds.add(tradeId);
    this.lastTradeId = tradeId;
    return true;
  }

  /**
   * How many trade ids lie between the last trade delivered and `tradeId` (0: none missing, or no
   * trade seen yet). Both exchanges number a market's trades consecutively, so a hole means trades
   * the stream never delivered.
   */
  missingBefore(tradeId: number): number {
    if (this.lastTradeId === undefined) return 0;
    return Math.max(0, tradeId - this.lastTradeId - 1);
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
    const impossible =
      newest !== undefined &&
      (newest.eventTime > eventTime + MAX_CLOCK_LEAD_MS || datedAhead(newest.eventTime, this.now()));
    if (
      newest &&
      !finalAfterOpen &&
      !impossible &&
      (eventTime < newest.eventTime || (eventTime === newest.eventTime && openTime <= newest.openTime))
    ) {
      return false;
    }
    this.newestKline.set(interval, { eventTime, openTime, isClosed });
    return true;
  }
}
