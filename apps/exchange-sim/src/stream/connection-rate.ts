/**
 * Binance's limit on new stream connections: at most `limit` per `windowMs` from one address (300
 * per 5 minutes); one over it is refused at the upgrade with HTTP 429.
 */
export class ConnectionRate {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Records a connection attempt from `address` at `now`; false when it is over the limit. */
  admit(address: string, now: number): boolean {
    if (this.limit === 0) return true;
    const recent = (this.attempts.get(address) ?? []).filter((time) => time > now - this.windowMs);
    const admitted = recent.length < this.limit;
    if (admitted) recent.push(now);
    this.attempts.set(address, recent);
    return admitted;
  }
}
