import { HashStream } from './hash';
import { MINUTE_MS } from './live-tape';
import type { SyntheticWalk } from './synthetic-walk';

/** The live market moves in steps this long: every exchange prints one price per step and venue. */
export const STEP_MS = 100;

const OCTAVE_SALT = 0x6d696e75;

/**
 * Finer octaves inside the minute, each period dividing it: the walk between two minute closes
 * wanders as the coarser octaves do, with half the amplitude at each finer period (√time, roughly).
 */
const INNER_PERIODS_MS = [15_000, 5_000, 1_000] as const;

/**
 * The market every exchange trades, live: a pure function of (seed, time), so simulators started
 * apart (or restarted) agree on it without talking. The price runs from one synthetic minute close
 * to the next, plus value noise inside the minute that is zero at each minute boundary, so the live
 * minutes continue the history's walk at the same scale.
 */
export class LiveWalk {
  private readonly lattices: readonly HashStream[];
  private readonly amplitudes: readonly number[];
  private memoMinute = Number.NaN;
  private memoFrom = 0;
  private memoTo = 0;

  constructor(
    seed: number,
    private readonly walk: SyntheticWalk,
    baseTicks: number,
  ) {
    // The history's finest octave moves a minute close by up to base/5000; the inner ones by less.
    const minuteAmplitude = Math.max(1, Math.floor(baseTicks / 5000));
    this.amplitudes = INNER_PERIODS_MS.map((_, octave) => Math.floor(minuteAmplitude / 2 ** (octave + 1)));
    this.lattices = INNER_PERIODS_MS.map((_, octave) => new HashStream(seed, OCTAVE_SALT + octave));
  }

  /** The market's price at `time` (epoch ms), in ticks: the same for every time in one step. */
  priceAt(time: number): number {
    const step = Math.floor(time / STEP_MS) * STEP_MS;
    const minute = Math.floor(step / MINUTE_MS);
    this.remember(minute);
    let price = this.memoFrom + ((this.memoTo - this.memoFrom) * (step - minute * MINUTE_MS)) / MINUTE_MS;
    INNER_PERIODS_MS.forEach((period, octave) => {
      const index = Math.floor(step / period);
      const from = this.lattice(octave, index);
      const to = this.lattice(octave, index + 1);
      price += from + ((to - from) * (step - index * period)) / period;
    });
    return Math.max(1, Math.round(price));
  }

  /** The closes around `minute`, kept while the trades stay in it (each costs eleven hashes). */
  private remember(minute: number): void {
    if (minute === this.memoMinute) return;
    this.memoMinute = minute;
    this.memoFrom = this.walk.closeAt(minute - 1);
    this.memoTo = this.walk.closeAt(minute);
  }

  /** An inner octave's value at lattice point `index`: zero on the minute boundaries. */
  private lattice(octave: number, index: number): number {
    const period = INNER_PERIODS_MS[octave] ?? MINUTE_MS;
    if ((index * period) % MINUTE_MS === 0) return 0;
    const amplitude = this.amplitudes[octave] ?? 0;
    return (this.lattices[octave] as HashStream).below(index, 2 * amplitude + 1) - amplitude;
  }
}
