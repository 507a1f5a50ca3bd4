/** Binance's window for new stream connections from one address: 300 per 5 minutes. */
export const CONNECTION_WINDOW_MS = 5 * 60_000;

/**
 * The client's side of the exchange's connection-rate limit: it remembers its own connection
 * attempts of the last window and says how long to wait before the next one stays within `limit`,
 * so a process reconnecting in a loop is never refused (HTTP 429) nor banned.
 */
export class ConnectionBudget {
  private readonly attempts: number[] = [];

  constructor(
    private readonly limit: number,
    private readonly windowMs = CONNECTION_WINDOW_MS,
  ) {}

  /** Milliseconds until an attempt at `now` is within the limit (0: at once). */
  waitMs(now: number): number {
    this.forget(now);
    const oldest = this.attempts[0];
    return this.attempts.length < this.limit || oldest === undefined ? 0 : oldest + this.windowMs - now;
  }

  record(now: number): void {
    this.forget(now);
    this.attempts.push(now);
  }

  private forget(now: number): void {
    while ((this.attempts[0] ?? now) <= now - this.windowMs) this.attempts.shift();
  }
}
