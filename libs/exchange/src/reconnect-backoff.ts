export interface BackoffOptions {
  readonly initialMs: number;
  readonly maxMs: number;
  /** A connection that delivered data for this long was healthy: the next failure starts over. */
  readonly healthyAfterMs: number;
  /** In [0, 1); injectable for tests. */
  readonly random?: () => number;
}

/**
 * Capped exponential backoff with "equal jitter": the n-th delay lies in [c/2, c] with
 * c = min(max, initial * 2^n), so reconnects of many processes spread out but never hammer the
 * exchange (Binance limits connection attempts per IP).
 */
export class ReconnectBackoff {
  private failures = 0;
  private upSince: number | undefined;

  constructor(private readonly options: BackoffOptions) {}

  /** A connection delivered data at `nowMs` (only the first call after a failure counts). */
  markUp(nowMs: number): void {
    this.upSince ??= nowMs;
  }

  /** Delay before the next attempt after a failure at `nowMs`. */
  nextDelayMs(nowMs: number): number {
    if (this.upSince !== undefined && nowMs - this.upSince >= this.options.healthyAfterMs) this.failures = 0;
    this.upSince = undefined;
    const ceiling = Math.min(this.options.maxMs, this.options.initialMs * 2 ** Math.min(this.failures, 30));
    this.failures += 1;
    const random = this.options.random ?? Math.random;
    return Math.round(ceiling / 2 + random() * (ceiling / 2));
  }
}
