/**
 * Kraken's REST call counter, per client address: each call adds 1, the counter decays continuously
 * (Starter tier: 0.33 a second, at most 15), and a call that would take it past the maximum is
 * refused and not counted.
 */
export class KrakenCallCounter {
  private readonly counters = new Map<string, { value: number; at: number }>();

  constructor(
    private readonly max: number,
    private readonly decayPerSecond: number,
  ) {}

  /** Counts one call from `address` at `now`; false when it is over the limit. */
  admit(address: string, now: number): boolean {
    const counter = this.current(address, now);
    if (counter + 1 > this.max) return false;
    this.counters.set(address, { value: counter + 1, at: now });
    return true;
  }

  reset(): void {
    this.counters.clear();
  }

  private current(address: string, now: number): number {
    const last = this.counters.get(address);
    if (!last) return 0;
    return Math.max(0, last.value - ((now - last.at) / 1000) * this.decayPerSecond);
  }
}
