import type { PendingHit } from './window-calls';

/** A hit refused while other replicas' leases are out asks again after this long at most. */
const LEASE_WAIT_MS = 20;

/**
 * Hits refused while other replicas' leases of their window were out: held, then asked again, so
 * that no hit is refused while unused leased hits may still come back (the count stays exact).
 */
export class LeaseWaits {
  /** `askAgain` takes the hits back into the counter's next call. */
  constructor(private readonly askAgain: (hits: readonly PendingHit[]) => void) {}

  /** Asks again once the leases may have settled: `leasesMsLeft` at most, LEASE_WAIT_MS at least as often. */
  hold(hits: readonly PendingHit[], leasesMsLeft: number): void {
    setTimeout(
      () => {
        this.askAgain(hits);
      },
      Math.min(leasesMsLeft, LEASE_WAIT_MS),
    );
  }
}
