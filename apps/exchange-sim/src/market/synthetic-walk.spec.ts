import { SyntheticWalk } from './synthetic-walk';

const BASE = 9_700_000; // 97000.00 in ticks
const SEPT_2025 = 29_280_000; // a minute index in 2025

describe('SyntheticWalk', () => {
  it('gives the same closes for the same seed and different ones for another seed', () => {
    const first = new SyntheticWalk(42, BASE);
    const again = new SyntheticWalk(42, BASE);
    const other = new SyntheticWalk(43, BASE);
    const minutes = [0, 1, 25_000_000, SEPT_2025, SEPT_2025 + 1];
    expect(minutes.map((m) => first.closeAt(m))).toEqual(minutes.map((m) => again.closeAt(m)));
    expect(minutes.map((m) => first.closeAt(m))).not.toEqual(minutes.map((m) => other.closeAt(m)));
  });

  it('walks the same closes as the O(1) function, from any starting minute', () => {
    const walk = new SyntheticWalk(7, BASE);
    for (const first of [SEPT_2025, SEPT_2025 + 3, 1_048_575, 4_194_301]) {
      const walker = walk.walker(first);
      const walked = Array.from({ length: 5000 }, () => walker.next());
      expect(walked).toEqual(walked.map((_, offset) => walk.closeAt(first + offset)));
    }
  });

  it('stays an integer number of ticks within the bounded band around the base', () => {
    const walk = new SyntheticWalk(3, BASE);
    const walker = walk.walker(24_000_000);
    const closes = Array.from({ length: 200_000 }, () => walker.next());
    expect(closes.every((close) => Number.isInteger(close))).toBe(true);
    expect(closes.reduce((widest, close) => Math.max(widest, Math.abs(close - BASE)), 0)).toBeLessThanOrEqual(
      walk.maxDeviation + 1,
    );
    expect(walk.maxDeviation).toBeLessThan(BASE / 2);
  });

  it('moves like a walk: wider over a day than over a minute', () => {
    const walk = new SyntheticWalk(5, BASE);
    let minuteMoves = 0;
    let dayMoves = 0;
    for (let day = 0; day < 200; day += 1) {
      const minute = SEPT_2025 + day * 1440;
      minuteMoves += Math.abs(walk.closeAt(minute + 1) - walk.closeAt(minute));
      dayMoves += Math.abs(walk.closeAt(minute + 1440) - walk.closeAt(minute));
    }
    expect(dayMoves).toBeGreaterThan(minuteMoves * 3);
  });
});
