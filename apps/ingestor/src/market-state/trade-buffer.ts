import type { Trade } from '@pds/market';

/** Forgotten trades are cut off the array this many at a time: the cost per trade stays constant. */
const COMPACT_AFTER = 1024;

/**
 * The most recent trades, oldest first, so an exchange kline push (sent every 2 s) can be topped up
 * with the trades it did not include yet. Bounded by count and by age: a push never lags by minutes.
 * Constant work per trade, whatever the rate: a burst of 50,000 frames at once (CONTRACT section
 * 11, "Bursts") once cost a copy of the whole buffer per trade beyond its capacity.
 */
export class TradeBuffer {
  private trades: Trade[] = [];
  /** Trades before this index are forgotten (by count or age), cut off in batches. */
  private head = 0;

  constructor(
    private readonly capacity = 20_000,
    private readonly maxAgeMs = 120_000,
  ) {}

  add(trade: Trade): void {
    this.trades.push(trade);
    const oldest = trade.time - this.maxAgeMs;
    this.head = Math.max(this.head, this.trades.length - this.capacity);
    while (this.head < this.trades.length && (this.trades[this.head]?.time ?? oldest) < oldest)
      this.head += 1;
    if (this.head >= COMPACT_AFTER) {
      this.trades = this.trades.slice(this.head);
      this.head = 0;
    }
  }

  /** Oldest first. */
  recent(): readonly Trade[] {
    return this.head === 0 ? this.trades : this.trades.slice(this.head);
  }
}
