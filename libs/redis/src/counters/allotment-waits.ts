import type { PendingHit } from './window-calls';

/** A hit refused while other replicas' allotments are out asks again after this long at most. */
const ALLOTMENT_WAIT_MS = 20;

/**
 * Hits refused while other replicas' allotments of their window were out: held, then asked again, so
 * that no hit is refused while unused allotted hits may still come back (the count stays exact).
 */
export class AllotmentWaits {
  /** `askAgain` takes the hits back into the counter's next call. */
  constructor(private readonly askAgain: (hits: readonly PendingHit[]) => void) {}

  /**
   * Asks again once the allotments may have settled: `allotmentsMsLeft` at most, ALLOTMENT_WAIT_MS at
   * least as often.
   */
  hold(hits: readonly PendingHit[], allotmentsMsLeft: number): void {
    setTimeout(
      () => {
        this.askAgain(hits);
      },
      Math.min(allotmentsMsLeft, ALLOTMENT_WAIT_MS),
    );
  }
}
