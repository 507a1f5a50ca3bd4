import { HashStream } from './hash';

/**
 * Layered value noise: octave k has a lattice point every 4^k minutes with a hashed value in
 * ±amplitude·2^k, linearly interpolated between points. Amplitude doubling as the period quadruples
 * is how a random walk scales (√time), so the sum looks like a walk at every zoom level, from the
 * minute to the years of the history, yet the close of any minute is O(1) and needs no storage.
 */
const OCTAVES = 11;
const BLOCK = 4;
const LATTICE_SALT = 0x6c617474;

/** Finest amplitude as a share of the base price: the 11 octaves reach at most ±41 % of it. */
const FINEST_AMPLITUDE_DIVISOR = 5000;

/** Closes (in price ticks) of consecutive minutes, walking forward one minute per call. */
export interface CloseWalker {
  next(): number;
}

/**
 * The coarse octaves (k ≥ 1) are linear inside each aligned block of 4 minutes: level + slope·j.
 * Every term is a dyadic rational (an integer over a power of two, below 2^50 in all), so doubles
 * hold it exactly and the sum is the same in any order: closeAt and a walker agree to the tick.
 */
interface BlockLine {
  level: number;
  slope: number;
}

export class SyntheticWalk {
  private readonly amplitudes: readonly number[];
  private readonly lattices: readonly HashStream[];

  constructor(
    seed: number,
    private readonly baseTicks: number,
  ) {
    const finest = Math.max(1, Math.floor(baseTicks / FINEST_AMPLITUDE_DIVISOR));
    this.amplitudes = Array.from({ length: OCTAVES }, (_, octave) => finest * 2 ** octave);
    this.lattices = Array.from(
      { length: OCTAVES },
      (_, octave) => new HashStream(seed, LATTICE_SALT + octave),
    );
  }

  /** The largest distance a close can be from the base price: the sum of all amplitudes. */
  get maxDeviation(): number {
    return this.amplitudes.reduce((sum, amplitude) => sum + amplitude, 0);
  }

  /** The close of minute `minute` (minutes since the epoch), in price ticks. */
  closeAt(minute: number): number {
    const offset = minute % BLOCK;
    const line = this.blockLine(minute - offset, undefined, { level: 0, slope: 0 });
    return Math.floor(line.level + line.slope * offset) + this.lattice(0, minute);
  }

  /**
   * The same closes as closeAt, for minutes `first`, `first + 1`, ...: the block line is computed
   * once per 4 minutes and each octave hashes a lattice value only when it reaches a new one, so a
   * long run costs about 1.3 hashes per minute (a thousand days of 1m closes in a fraction of a second).
   */
  walker(first: number): CloseWalker {
    const cache = new LatticeCache();
    const line: BlockLine = { level: 0, slope: 0 };
    let minute = first;
    let blockStart = Number.NaN;
    return {
      next: (): number => {
        const offset = minute % BLOCK;
        if (minute - offset !== blockStart) {
          blockStart = minute - offset;
          this.blockLine(blockStart, cache, line);
        }
        const close = Math.floor(line.level + line.slope * offset) + this.lattice(0, minute);
        minute += 1;
        return close;
      },
    };
  }

  /** Fills `line` with the coarse octaves' line over the block starting at `blockStart`. */
  private blockLine(blockStart: number, cache: LatticeCache | undefined, line: BlockLine): BlockLine {
    line.level = this.baseTicks;
    line.slope = 0;
    for (let octave = 1, period = BLOCK; octave < OCTAVES; octave += 1, period *= 4) {
      const index = Math.floor(blockStart / period);
      const from = cache ? cache.value(this, octave, index) : this.lattice(octave, index);
      const rise = (cache ? cache.value(this, octave, index + 1) : this.lattice(octave, index + 1)) - from;
      line.level += from + (rise * (blockStart - index * period)) / period;
      line.slope += rise / period;
    }
    return line;
  }

  lattice(octave: number, index: number): number {
    const amplitude = this.amplitudes[octave] ?? 0;
    const lattice = this.lattices[octave] as HashStream;
    return lattice.below(index, 2 * amplitude + 1) - amplitude;
  }
}

/** The last two lattice values of each octave, so a forward walk hashes each value once. */
class LatticeCache {
  private readonly indices = new Float64Array(OCTAVES * 2).fill(Number.NaN);
  private readonly values = new Float64Array(OCTAVES * 2);

  value(walk: SyntheticWalk, octave: number, index: number): number {
    const slot = octave * 2 + (index % 2);
    if (this.indices[slot] !== index) {
      this.indices[slot] = index;
      this.values[slot] = walk.lattice(octave, index);
    }
    return this.values[slot] ?? 0;
  }
}
