/** The sim's notion of now, so tests can run it on fake timers or skewed against the host. */
export abstract class Clock {
  abstract now(): number;
}

/** The host clock shifted by a fixed offset (SIM_CLOCK_OFFSET_MS); 0 in normal use. */
export class OffsetClock extends Clock {
  constructor(private readonly offsetMs: number) {
    super();
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }
}
