import { LiveWalk, STEP_MS } from './live-walk';
import { MINUTE_MS } from './live-tape';
import { SyntheticWalk } from './synthetic-walk';

const BASE = 9_700_000;
const MINUTE = Math.floor(Date.parse('2026-11-29T01:00:00.000Z') / MINUTE_MS);

function liveWalk(seed: number): LiveWalk {
  return new LiveWalk(seed, new SyntheticWalk(seed, BASE), BASE);
}

describe('LiveWalk', () => {
  it('passes through the synthetic close at every minute boundary', () => {
    const synthetic = new SyntheticWalk(5, BASE);
    const walk = liveWalk(5);
    for (let minute = MINUTE; minute < MINUTE + 10; minute += 1) {
      expect(walk.priceAt(minute * MINUTE_MS)).toBe(synthetic.closeAt(minute - 1));
    }
  });

  it('holds one price per step, the same for the same seed, another for another seed', () => {
    const start = MINUTE * MINUTE_MS + 12_345 * STEP_MS;
    const step = Math.floor(start / STEP_MS) * STEP_MS;
    const walk = liveWalk(5);
    expect(walk.priceAt(step + STEP_MS - 1)).toBe(walk.priceAt(step));
    const times = Array.from({ length: 600 }, (_, index) => start + index * STEP_MS);
    const prices = times.map((time) => walk.priceAt(time));
    expect(times.map((time) => liveWalk(5).priceAt(time))).toEqual(prices);
    expect(times.map((time) => liveWalk(6).priceAt(time))).not.toEqual(prices);
  });

  it('moves a few ticks a step, not the whole minute range at once', () => {
    const walk = liveWalk(9);
    const start = MINUTE * MINUTE_MS;
    const prices = Array.from({ length: 6000 }, (_, index) => walk.priceAt(start + index * STEP_MS));
    const largestMove = Math.max(
      ...prices.slice(1).map((price, index) => Math.abs(price - (prices[index] ?? 0))),
    );
    expect(largestMove).toBeGreaterThan(0);
    // Base/5000 is the finest minute lattice of the history: no step comes near it.
    expect(largestMove).toBeLessThan(BASE / 5000 / 4);
  });
});
