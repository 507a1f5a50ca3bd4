/**
 * Integer hashing for the synthetic history. Only 32-bit integer operations (Math.imul, shifts), so a
 * value depends on its inputs alone: same seed, same kline, on every machine and Node version.
 */
function mix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/**
 * Uniform unsigned 32-bit values for (seed, salt, index), index up to 2^53. The (seed, salt) part
 * is mixed once per stream, so a value costs one mix in the hot loops of the history.
 */
export class HashStream {
  private readonly prefix: number;

  constructor(seed: number, salt: number) {
    this.prefix = mix32(mix32(seed ^ 0x9e3779b9) ^ salt);
  }

  at(index: number): number {
    const value = mix32(this.prefix ^ (index >>> 0));
    return index < 0x1_0000_0000 ? value : mix32(value ^ Math.floor(index / 0x1_0000_0000));
  }

  /**
   * A value in [0, bound) for bound ≤ 2^31. The hash is halved to 31 bits first so the remainder is
   * an int32 operation: V8 takes doubles (any uint32 ≥ 2^31) through a far slower fmod.
   */
  below(index: number, bound: number): number {
    return (this.at(index) >>> 1) % bound;
  }
}

/** One value of HashStream(seed, salt). */
export function hash32(seed: number, salt: number, index: number): number {
  return new HashStream(seed, salt).at(index);
}

/** A seeded pseudo-random sequence (mulberry32) for the live market: reproducible per seed. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = hash32(seed, 0x6c697665, 0);
  }

  /** The next unsigned 32-bit value. */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** An integer drawn uniformly from [0, bound). */
  below(bound: number): number {
    return this.nextUint32() % bound;
  }
}
