import { KrakenCallCounter } from './kraken-call-counter';

describe('KrakenCallCounter', () => {
  it('admits calls up to the ceiling, then refuses until the counter has decayed', () => {
    const counter = new KrakenCallCounter(3, 0.5);
    expect([0, 0, 0, 0].map(() => counter.admit('a', 1000))).toEqual([true, true, true, false]);
    expect(counter.admit('b', 1000)).toBe(true);
    // 0.5 a second: one call's worth after two seconds.
    expect(counter.admit('a', 2900)).toBe(false);
    expect(counter.admit('a', 3000)).toBe(true);
    counter.reset();
    expect(counter.admit('a', 3000)).toBe(true);
  });
});
