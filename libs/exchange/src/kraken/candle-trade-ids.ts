import { type Interval, openTimeOf } from '@pds/market';
import type { KrakenCandle, KrakenTrade } from './kraken-frame';

/**
 * The last trade id inside a Kraken candle, which Kraken does not send and the ingestor needs: it
 * tops a push up with the trades newer than `lastTradeId` (apps/ingestor/src/market-state/
 * interval-kline.ts, `rebase`/`followTrade`), so an id too low counts a trade twice and one too high
 * leaves a trade out until the next push.
 *
 * Kraken numbers a book's trades consecutively (`trade_id`) and each candle says how many trades it
 * holds (`trades`). When this connection has seen the candle's first trade (it has seen a trade from
 * before the candle began), that candle's last trade id is exactly `first + trades - 1`, whichever
 * of the `trade` and `ohlc` channels delivers first. Otherwise (a candle that began before the
 * connection's first trade, e.g. the day's candle just after connecting) it falls back to the newest
 * trade id seen: right when Kraken sends a trade before the candle update it causes, and at worst
 * one trade counted twice until the next push, which every trade causes.
 */
export class CandleTradeIds {
  private earliestTradeTime: number | undefined;
  private newestTradeId = -1;
  private readonly firstIds = new Map<Interval, { begin: number; firstId: number }>();

  constructor(private readonly intervals: readonly Interval[]) {}

  noteTrade(trade: KrakenTrade): void {
    this.earliestTradeTime = Math.min(this.earliestTradeTime ?? trade.time, trade.time);
    this.newestTradeId = Math.max(this.newestTradeId, trade.tradeId);
    for (const interval of this.intervals) {
      const begin = openTimeOf(trade.time, interval);
      const current = this.firstIds.get(interval);
      if (!current || current.begin < begin) this.firstIds.set(interval, { begin, firstId: trade.tradeId });
    }
  }

  /** First and last trade id of the candle (-1 for the first when it is not known). */
  idsOf(candle: KrakenCandle): { firstTradeId: number; lastTradeId: number } {
    const current = this.firstIds.get(candle.interval);
    const sawItsStart =
      current?.begin === candle.intervalBegin &&
      this.earliestTradeTime !== undefined &&
      this.earliestTradeTime < candle.intervalBegin;
    if (current && sawItsStart) {
      return { firstTradeId: current.firstId, lastTradeId: current.firstId + candle.trades - 1 };
    }
    return { firstTradeId: -1, lastTradeId: this.newestTradeId };
  }
}
