/** The simulator's clock: the host's, plus the time tests have jumped ahead (Stripe's test clocks). */
export class SimClock {
  private offsetMs = 0;

  constructor(private readonly hostNow: () => number = Date.now) {}

  /** Unix seconds, as every Stripe timestamp. */
  nowSeconds(): number {
    return Math.floor((this.hostNow() + this.offsetMs) / 1000);
  }

  /** Moves forward to `seconds` (never back: Stripe's test clocks only advance). */
  advanceTo(seconds: number): void {
    const ahead = seconds * 1000 - (this.hostNow() + this.offsetMs);
    if (ahead > 0) this.offsetMs += ahead;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
