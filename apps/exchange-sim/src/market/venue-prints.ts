import { HashStream } from './hash';
import { type LiveWalk, STEP_MS } from './live-walk';
import type { PriceSkew } from './price-skew';
import { withPremium } from './venue-profile';

/** How one exchange prints the live market: late, a little off, now and then wildly off. */
export interface PrintSettings {
  /** Seeds this exchange's own wander and glitches. */
  readonly venueSeed: number;
  readonly premiumBps: number;
  /** The widest the exchange wanders from the market, in basis points (0: not at all). */
  readonly noiseBps: number;
  /** How late the exchange follows the market. */
  readonly lagMs: number;
  /** A glitch about this often on average (0: never). */
  readonly glitchEverySeconds: number;
  /** How far a glitch print is from the price it should have had. */
  readonly glitchBps: number;
}

const NOISE_SALT = 0x6e6f6973;
const GLITCH_SALT = 0x676c6974;
/** The wander turns every few seconds, so consecutive trades differ by ticks, not by the whole band. */
const NOISE_PERIOD_MS = 5000;
/** A glitch hits the first trade of a second chosen by hash, so thin books glitch about as often. */
const GLITCH_WINDOW_MS = 1000;
/** The wander's lattice in thousandths of a basis point, so its interpolation is smooth. */
const NOISE_SCALE = 1000;

/**
 * The price this exchange prints for a background trade at a moment: the shared live walk as it was
 * `lagMs` ago, at the exchange's premium, moved by the exchange's own slow wander of at most
 * `noiseBps`, now and then a single glitch print, and finally the skew set through POST /sim/skew.
 * Every part is a function of (seed, time), so the same seed prints the same prices at the same moments.
 */
export class VenuePrints {
  private readonly noise: HashStream;
  private readonly glitches: HashStream;
  private readonly windowsPerGlitch: number;
  private lastGlitchWindow = Number.NaN;

  constructor(
    private readonly market: LiveWalk,
    private readonly settings: PrintSettings,
    private readonly skew: PriceSkew,
  ) {
    this.noise = new HashStream(settings.venueSeed, NOISE_SALT);
    this.glitches = new HashStream(settings.venueSeed, GLITCH_SALT);
    this.windowsPerGlitch = Math.round((settings.glitchEverySeconds * 1000) / GLITCH_WINDOW_MS);
  }

  priceAt(time: number): number {
    const { premiumBps, lagMs } = this.settings;
    const step = Math.floor(time / STEP_MS);
    const price = withPremium(this.market.priceAt(time - lagMs), premiumBps);
    const wandered = price + Math.round((price * this.wanderAt(step * STEP_MS)) / (10_000 * NOISE_SCALE));
    return this.skew.apply(this.glitched(time, wandered));
  }

  /** The exchange's own offset from the market at `time`, in thousandths of a basis point. */
  private wanderAt(time: number): number {
    const span = this.settings.noiseBps * NOISE_SCALE;
    if (span === 0) return 0;
    const index = Math.floor(time / NOISE_PERIOD_MS);
    const from = this.noise.below(index, 2 * span + 1) - span;
    const to = this.noise.below(index + 1, 2 * span + 1) - span;
    return from + ((to - from) * (time - index * NOISE_PERIOD_MS)) / NOISE_PERIOD_MS;
  }

  /** The first print of a glitch window is off by glitchBps, up or down; the next ones are right again. */
  private glitched(time: number, price: number): number {
    const window = Math.floor(time / GLITCH_WINDOW_MS);
    if (this.windowsPerGlitch === 0 || window === this.lastGlitchWindow) return price;
    const draw = this.glitches.at(window);
    if ((draw >>> 1) % this.windowsPerGlitch !== 0) return price;
    this.lastGlitchWindow = window;
    const bps = draw & 1 ? this.settings.glitchBps : -this.settings.glitchBps;
    return Math.max(1, withPremium(price, bps));
  }
}
