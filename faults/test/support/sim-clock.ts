export const MINUTE = 60_000;

/**
 * The simulator's clock, skewed (SIM_CLOCK_OFFSET_MS) so that a minute boundary comes
 * `leadMs` after it starts: klines close during the run, not a minute later.
 */
export class SimClock {
  readonly offsetMs: number;

  constructor(leadMs: number) {
    const now = Date.now();
    const boundary = Math.ceil((now + leadMs) / MINUTE) * MINUTE;
    this.offsetMs = boundary - leadMs - now;
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** The first minute boundary (simulator time) at least `marginMs` from now. */
  nextBoundary(marginMs = 0): number {
    return Math.ceil((this.now() + marginMs) / MINUTE) * MINUTE;
  }

  /** The first minute boundary after simulator time `time`. */
  boundaryAfter(time: number): number {
    return (Math.floor(time / MINUTE) + 1) * MINUTE;
  }

  /** Resolves when the simulator's clock reads `time` (the fault is placed in market time). */
  async until(time: number): Promise<void> {
    await pause(time - this.now());
  }
}

/** Waits out a span that is itself the fault (how long Redis stays down, say): nothing to await. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
