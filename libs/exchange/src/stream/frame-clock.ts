/** How many recent readings the estimate is the median of. */
const READINGS = 9;

/**
 * The exchange's clock as its frames tell it: each frame that says when it was sent gives one
 * reading of the exchange's time against this process's, and "now at the exchange" is this
 * process's time plus the median difference of the recent readings. A median, so that one frame
 * with a wrong time (far in the future, or replayed from the past) cannot move it; and never
 * backwards, so what it once said has ended stays ended.
 */
export class FrameClock {
  private readonly offsets: number[] = [];
  private newest = Number.NEGATIVE_INFINITY;

  constructor(private readonly localNow: () => number = Date.now) {}

  /** The exchange said it was `exchangeTime` (epoch ms) when it sent a frame received just now. */
  observe(exchangeTime: number): void {
    if (!Number.isFinite(exchangeTime)) return;
    this.offsets.push(exchangeTime - this.localNow());
    if (this.offsets.length > READINGS) this.offsets.shift();
  }

  /** The exchange's time now (epoch ms), or undefined before any reading. */
  now(): number | undefined {
    if (this.offsets.length === 0) return undefined;
    const sorted = [...this.offsets].sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
    this.newest = Math.max(this.newest, this.localNow() + median);
    return this.newest;
  }

  /** This process's time (epoch ms) when the exchange's clock will read `exchangeTime`. */
  localTimeAt(exchangeTime: number): number | undefined {
    const now = this.now();
    return now === undefined ? undefined : this.localNow() + (exchangeTime - now);
  }
}
