import { everyPeriodOfServiceClock, serviceNow } from './service-clock';

describe('everyPeriodOfServiceClock', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: Date.UTC(2026, 10, 29, 12, 0, 42, 500) });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('ticks just after each whole period of the service clock, however late a tick ran', () => {
    const ticks: number[] = [];
    const clock = everyPeriodOfServiceClock(60_000, 1, () => {
      ticks.push(serviceNow());
      // A busy tick: the next one is still armed from the clock, not from the end of this one.
      jest.setSystemTime(serviceNow() + 700);
    });
    jest.advanceTimersByTime(3 * 60_000);
    expect(ticks.map((time) => new Date(time).toISOString())).toEqual([
      '2026-11-29T12:01:00.001Z',
      '2026-11-29T12:02:00.001Z',
      '2026-11-29T12:03:00.001Z',
    ]);
    clock.stop();
  });

  it('ticks no more once stopped, even when stopped by its own tick', () => {
    let count = 0;
    const clock = everyPeriodOfServiceClock(1000, 0, () => {
      count += 1;
      clock.stop();
    });
    jest.advanceTimersByTime(5000);
    expect(count).toBe(1);
  });
});
