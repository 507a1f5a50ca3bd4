/**
 * The service's own clock, the one time authority of CONTRACT section 11: the host's clock (kept by
 * NTP in production), never one an exchange's frames can move, however many of them agree. Every
 * bound on what an exchange sends ("an event time more than 60 s ahead"), every kline closed by
 * time and the Lua store's bound read it; components take it as an injectable `now` defaulting to
 * `serviceNow`, so unit specs pass a fake one. The exchange's own clock is kept only where it is a
 * fact about the exchange (its REST `serverTime` for signing windows, its request weight).
 *
 * Tests that run the simulators ahead of real time move this clock with them, by the test-only
 * setting `SERVICE_CLOCK_OFFSET_MS` (0 in production), applied once at boot by `shiftServiceClock`.
 */
let testOffsetMs = 0;

/** The service's time now, epoch ms. */
export function serviceNow(): number {
  return Date.now() + testOffsetMs;
}

/** Tests only (`SERVICE_CLOCK_OFFSET_MS`): the service's clock runs `offsetMs` ahead of the host's. */
export function shiftServiceClock(offsetMs: number): void {
  testOffsetMs = offsetMs;
}

/** A tick after each whole `periodMs` of the service's clock; `stop` ends it. */
export interface ServiceClockTicks {
  stop(): void;
}

/**
 * Calls `tick` `afterMs` past each whole `periodMs` of the service's clock (a second, a minute),
 * re-armed from the clock each time, so a late tick does not push the next one later. `tick` must
 * not throw.
 */
export function everyPeriodOfServiceClock(
  periodMs: number,
  afterMs: number,
  tick: () => void,
): ServiceClockTicks {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = (): void => {
    timer = setTimeout(
      () => {
        tick();
        if (!stopped) arm();
      },
      periodMs - (serviceNow() % periodMs) + afterMs,
    );
  };
  arm();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
