import type { Trade } from '@pds/market';

/**
 * The most recent trades, oldest first, so an exchange kline push (sent every 2 s) can be topped up
 * with the trades it did not include yet. Bounded by count and by age: a push never lags by minutes.
 */
export class TradeBuffer {
  private trades: Trade[] = [];

  constructor(
    private readonly capacity = 20_000,
    private readonly maxAgeMs = 120_000,
  ) {}

  add(trade: Trade): void {
    this.trades.push(trade);
    const oldest = trade.time - this.maxAgeMs;
    let drop = Math.max(0, this.trades.length - this.capacity);
    while (drop < this.trades.length && (this.trades[drop]?.time ?? oldest) < oldest) drop += 1;
    // Dropping in batches keeps the amortised cost per trade constant.
    if (drop > 0 && (drop >= 1024 || this.trades.length > this.capacity))
      this.trades = this.trades.slice(drop);
  }

  /** Oldest first. */
  recent(): readonly Trade[] {
    return this.trades;
  }
}
